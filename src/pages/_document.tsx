import { Head, Html, Main, NextScript, type DocumentProps } from "next/document";
import { localeFromPageProps } from "../site/locale";

/**
 * Runs before first paint, only when JS runs: it lets the hero's text
 * animation hide its words until hydration animates them in. Without JS (or
 * with reduced motion) the attribute is never set and all text shows as is.
 */
const MOTION_GATE = `try{if(!matchMedia("(prefers-reduced-motion: reduce)").matches)document.documentElement.dataset.motion="on"}catch(e){}`;

export default function Document({ __NEXT_DATA__ }: DocumentProps) {
  return (
    <Html lang={localeFromPageProps(__NEXT_DATA__.props?.pageProps)}>
      <Head>
        <meta charSet="utf-8" />
        <meta name="theme-color" content="#f7f5f0" />
        <meta name="format-detection" content="telephone=no" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script dangerouslySetInnerHTML={{ __html: MOTION_GATE }} />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
