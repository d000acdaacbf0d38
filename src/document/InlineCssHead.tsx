import { readFileSync } from "node:fs";
import { resolve } from "node:path";
// eslint-disable-next-line @next/next/no-document-import-in-page -- not a page: the <Head> that src/pages/_document.tsx renders, which extends next/document's own
import { Head } from "next/document";
import { distDir } from "../deploy/dist-dir";
import { DEFERRED_STYLE_ATTRIBUTE } from "../islands/deferred-styles";
import { classNamesIn, criticalCss, firstScreenMarkup } from "./critical-css";

type DocumentFiles = Parameters<Head["getCssLinks"]>[0];

/** HTML's `disabled` on a stylesheet link: the browser never fetches it. (React's types omit it for <link>.) */
const NEVER_FETCHED = { disabled: true };

/**
 * The stylesheet's relative `url(…)`s (fonts: `../media/x.woff2`) resolved
 * against the stylesheet's own path, since inlined they would resolve
 * against the page's.
 */
export function rebaseCssUrls(css: string, stylesheetPath: string): string {
  return css.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (whole, quote: string, ref: string) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(ref)) return whole; // data:, https:, /absolute, #fragment
    const resolved = new URL(ref, `http://site${stylesheetPath}`);
    return `url(${quote}${resolved.pathname}${resolved.search}${resolved.hash}${quote})`;
  });
}

type RenderData = Head["context"]["__NEXT_DATA__"];

/**
 * The page markup whose first screen decides the inline CSS, per render:
 * keyed by the render's `__NEXT_DATA__`, the one object both the document
 * (its props) and its <Head> (its context) hold. A prop would not do: Head
 * spreads its props onto <head> as attributes.
 */
const firstScreens = new WeakMap<RenderData, string>();

/**
 * Called by the document of a page whose scripts load the rest of its CSS
 * (src/islands/deferred-styles.ts): its head then inlines only what the
 * markup's first screen uses. Without it, every rule is inlined.
 */
export function inlineOnlyFirstScreenCss(data: RenderData, pageHtml: string): void {
  firstScreens.set(data, pageHtml);
}

/** Each CSS file's text, read once per server process (the build never changes under a running server). */
const cssTexts = new Map<string, string | null>();

function cssText(file: string, href: string): string | null {
  if (!cssTexts.has(file)) {
    let text: string | null = null;
    // Relative to the working directory, as Next.js's server resolves its build folder. Not
    // join(process.cwd(), …): output tracing reads that as "some file of the repository" and
    // traced the whole repository into every page's files; the files are traced by next.config's
    // outputFileTracingIncludes instead, and tests/e2e/hostile-content.spec.ts checks the trace.
    const path = resolve(distDir(), file);
    try {
      // `<\/style` is the same CSS to the parser, and cannot end the inline <style> early.
      text = rebaseCssUrls(readFileSync(path, "utf8"), href).replace(/<\/style/gi, "<\\/style");
    } catch (error) {
      // The page still works with the file linked, a round trip slower to paint; said once per file, not per page.
      console.error(
        `document: cannot inline ${file} (${error instanceof Error ? error.message : String(error)}); pages link it instead. ` +
          `The server needs the build's static/css folder beside it (next.config.ts traces it into every page's files; copy it with static/ for a standalone build).`,
      );
    }
    cssTexts.set(file, text);
  }
  return cssTexts.get(file) ?? null;
}

/**
 * next/document's <Head>, with the page's CSS inlined instead of linked: the
 * one override of Next.js's document left (issue 23), since no documented
 * option inlines CSS in the pages router (`experimental.optimizeCss` keeps
 * a stylesheet that an inline `onload` handler, which the policy refuses,
 * would switch on, and needs the deprecated `critters`). It overrides
 * `getCssLinks`, which Next.js does not document:
 * tests/unit/document/inline-css.test.ts fails when that method is gone, and
 * tests/e2e/published-pages.spec.ts when a page no longer carries its CSS
 * inline or fetches a stylesheet.
 *
 * Why it is kept: a linked stylesheet holds the first paint until it has
 * arrived, a round trip after the HTML. `npm run bench -- site`'s throttled
 * runs (Lighthouse's mobile preset, real throttling) on a quiet two-core
 * machine: `/` first painted at 1.62 to 1.93 s linked, about 1.0 s inlined,
 * against 0.7 s for a bare Next.js page. On a published page only the
 * first screen's rules ride in the HTML (src/document/critical-css.ts): all
 * of it (about 6 KB compressed) took the home page's HTML past the first
 * congestion window, a round trip more before the first paint (issue 58).
 *
 * Each file keeps a `disabled` <link>: it is never fetched, but on the page
 * that hydrates (the editor's) Next.js's client looks for it before it
 * would load the same CSS again, and on a published page the islands script
 * fetches the whole file through it after the first frame
 * (src/islands/deferred-styles.ts).
 */
export class InlineCssHead extends Head {
  override getCssLinks(files: DocumentFiles) {
    const { assetPrefix, dynamicImports } = this.context;
    // The page's own files and those of any dynamic import it rendered.
    const cssFiles = [...new Set([...files.allFiles, ...dynamicImports].filter((file) => file.endsWith(".css")))];
    const sheets = cssFiles.map((file) => {
      const href = `${assetPrefix}/_next/${file}`;
      return { file, href, text: cssText(file, new URL(href, "http://site").pathname) };
    });
    if (sheets.length === 0 || sheets.some((sheet) => sheet.text === null)) return super.getCssLinks(files);
    const pageHtml = firstScreens.get(this.context.__NEXT_DATA__);
    const firstScreenClasses = pageHtml === undefined ? null : classNamesIn(firstScreenMarkup(pageHtml));
    return sheets.flatMap(({ file, href, text }) => {
      const inline = firstScreenClasses ? criticalCss(text!, firstScreenClasses) : text!;
      if (inline === text)
        return [
          <style key={`${file}-inline`} data-href={href} dangerouslySetInnerHTML={{ __html: text }} />,
          <link key={file} rel="stylesheet" href={href} {...NEVER_FETCHED} />,
        ];
      // The rest follows the first frame: the page's script turns this link on (src/islands/deferred-styles.ts);
      // without scripts, the <noscript> copy loads the whole file at once.
      return [
        <style key={`${file}-inline`} data-href={href} dangerouslySetInnerHTML={{ __html: inline }} />,
        <link key={file} rel="stylesheet" href={href} {...NEVER_FETCHED} {...{ [DEFERRED_STYLE_ATTRIBUTE]: "" }} />,
        <noscript key={`${file}-noscript`}>
          <link rel="stylesheet" href={href} />
        </noscript>,
      ];
    });
  }
}
