import type { ComponentType } from "react";
import NextDocument, { Html, Main, NextScript, type DocumentContext, type DocumentInitialProps, type DocumentProps } from "next/document";
import type { AppProps } from "next/app";
import { InlineCssHead, inlineOnlyFirstScreenCss } from "../document/InlineCssHead";
import { islandsScriptFor } from "../islands/islands-script";
import { documentLanguage } from "../document/locale";
import { displayFontHeadScript } from "../document/display-font-flag";
import { builtPageHeaders, setHeaders } from "../security/page-policies";
import { isDraftRender } from "../preview/draft-render";
import { MAIN_ID } from "../layouts/SiteFrame";

export default function Document({ __NEXT_DATA__, html }: DocumentProps) {
  const islands = islandsScriptFor(__NEXT_DATA__.page);
  // Its script loads the rest of the CSS after the first frame (src/islands/deferred-styles.ts): only the first screen's rules go inline.
  if (islands) inlineOnlyFirstScreenCss(__NEXT_DATA__, html);
  return (
    <Html lang={documentLanguage(__NEXT_DATA__.locale)}>
      <InlineCssHead>
        <meta name="theme-color" content="#f7f5f0" />
        <meta name="format-detection" content="telephone=no" />
        {/* The icon is the ICO alone (16, 32 and 48 px, drawn from public/favicon.svg by `npm run icons:favicon`). Linked,
            the SVG was a document of its own, parsed and laid out on the main thread while the page's first frame was
            being presented: 12-33 ms there, which Lighthouse's simulated phone counted before the largest paint. */}
        <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
        {/* No frame before the site's header is parsed whole. When the HTML's bytes came in two reads (a busy machine, a
            slow link), Chromium painted the part it had, a language switcher with one of its two links, and the second
            moved it: a layout shift. Rendering waits for <main>, which the header comes before (HTML's `rel=expect`;
            without it, a browser paints as before). */}
        <link rel="expect" href={`#${MAIN_ID}`} blocking="render" />
        {/* No preload of the headings' font: a first page keeps their metric-matched fallback and fetches the face after
            its first paint; this script, before the body, lets a page reached from another of the site's pages name the face
            (src/document/display-font-flag.ts). */}
        <script dangerouslySetInnerHTML={{ __html: displayFontHeadScript() }} />
        {/* The islands script (src/islands/islands-entry.ts), inline: it comes with the HTML, so it costs a phone no round trip,
            and as a module it runs once the page is parsed, as `defer` does. The policy allows it by its hash (src/security/page-policies.ts). */}
        {islands && <script type="module" dangerouslySetInnerHTML={{ __html: islands }} />}
      </InlineCssHead>
      <body>
        <Main />
        {/* Nothing on published pages (`unstable_runtimeJS: false`); Next.js's runtime on the editor's page and in `next dev`. */}
        <NextScript />
      </body>
    </Html>
  );
}

/**
 * A page rendered as the Visual Editor's draft is the one response that may
 * load the editor's bridge: it alone gets the preview policy (and is never
 * cacheable by anyone else). Decided from the props the page rendered with,
 * not from the request's cookies, which a visitor can send at will
 * (src/security/page-policies.ts). `renderPage`'s `enhanceApp` is the document's
 * documented way to wrap the app.
 */
Document.getInitialProps = async (ctx: DocumentContext): Promise<DocumentInitialProps> => {
  let draft = false;
  const renderPage = ctx.renderPage;
  ctx.renderPage = (options) =>
    renderPage({
      ...(typeof options === "object" ? options : {}),
      enhanceApp: (App) => {
        const Enhanced = (typeof options === "object" && options.enhanceApp ? options.enhanceApp(App) : App) as ComponentType<AppProps>;
        return function DraftAwareApp(props: AppProps) {
          draft = isDraftRender(props.pageProps);
          return <Enhanced {...props} />;
        };
      },
    });
  const initial = await NextDocument.getInitialProps(ctx);
  if (draft && ctx.res) {
    setHeaders(ctx.res, builtPageHeaders().preview);
    ctx.res.setHeader("Cache-Control", "private, no-store");
  }
  return initial;
};
