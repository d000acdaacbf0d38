import { Html, Main, NextScript, type DocumentProps } from "next/document";
import { InlineCssHead } from "../site/InlineCssHead";
import { localeFromPageProps } from "../site/locale";

export default function Document({ __NEXT_DATA__ }: DocumentProps) {
  return (
    <Html lang={localeFromPageProps(__NEXT_DATA__.props?.pageProps)}>
      <InlineCssHead>
        <meta charSet="utf-8" />
        <meta name="theme-color" content="#f7f5f0" />
        <meta name="format-detection" content="telephone=no" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </InlineCssHead>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
