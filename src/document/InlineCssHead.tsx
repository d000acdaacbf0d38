import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Head } from "next/document";
import { distDir } from "../deploy/dist-dir";

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

/** Each CSS file's text, read once per server process (the build never changes under a running server). */
const cssTexts = new Map<string, string | null>();

function cssText(file: string, href: string): string | null {
  if (!cssTexts.has(file)) {
    let text: string | null = null;
    try {
      // `<\/style` is the same CSS to the parser, and cannot end the inline <style> early.
      text = rebaseCssUrls(readFileSync(join(process.cwd(), distDir(), file), "utf8"), href).replace(/<\/style/gi, "<\\/style");
    } catch {
      // Not beside the server (a deployment that serves .next/static elsewhere): link to it instead.
    }
    cssTexts.set(file, text);
  }
  return cssTexts.get(file) ?? null;
}

/**
 * next/document's <Head>, with the page's CSS inlined instead of linked.
 *
 * A linked stylesheet blocks the first paint until it has arrived: on a
 * phone on a slow network that is a round trip or two after the HTML, and
 * on a fast one the page's scripts are often ready first, so the page only
 * paints after hydration. The site's CSS is small (about 7 KB compressed),
 * so it rides in the HTML and the page paints as soon as the HTML is parsed.
 *
 * Each file keeps a `disabled` <link>: it is never fetched, but Turbopack's
 * runtime looks for it before it would load the same CSS chunk again.
 */
export class InlineCssHead extends Head {
  override getCssLinks(files: DocumentFiles) {
    const { assetPrefix, dynamicImports } = this.context;
    // The page's own files and those of the dynamic imports it rendered (its view, src/pages/index.tsx).
    const cssFiles = [...new Set([...files.allFiles, ...dynamicImports].filter((file) => file.endsWith(".css")))];
    const sheets = cssFiles
      .map((file) => {
        const href = `${assetPrefix}/_next/${file}`;
        return { file, href, text: cssText(file, new URL(href, "http://site").pathname) };
      });
    if (sheets.length === 0 || sheets.some((sheet) => sheet.text === null)) return super.getCssLinks(files);
    return sheets.flatMap(({ file, href, text }) => [
      <style key={`${file}-inline`} data-href={href} dangerouslySetInnerHTML={{ __html: text! }} />,
      <link key={file} rel="stylesheet" href={href} {...NEVER_FETCHED} />,
    ]);
  }
}
