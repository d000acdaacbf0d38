import { Html, Main, type DocumentProps } from "next/document";
import { PaintFirstHead } from "../site/PaintFirstHead";
import { StaticPageScript } from "../site/StaticPageScript";
import { DISPLAY_FONT_PRELOAD } from "../styles/display-font-files";
import { localeFromPageProps } from "../site/locale";

export default function Document({ __NEXT_DATA__ }: DocumentProps) {
  return (
    <Html lang={localeFromPageProps(__NEXT_DATA__.props?.pageProps)}>
      <PaintFirstHead>
        <meta charSet="utf-8" />
        <meta name="theme-color" content="#f7f5f0" />
        <meta name="format-detection" content="telephone=no" />
        {/* favicon.ico for browsers and tools that ask for it by name; the SVG where supported. */}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The headings' font, its ASCII file only: the first screen's headline waits for nothing else. */}
        <link rel="preload" href={DISPLAY_FONT_PRELOAD} as="font" type="font/woff2" crossOrigin="anonymous" />
      </PaintFirstHead>
      <body>
        <Main />
        <StaticPageScript />
      </body>
    </Html>
  );
}
