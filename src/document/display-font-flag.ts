/**
 * The headings' face (Fraunces, src/styles/display-font.css) is drawn from a
 * reader's second page on, never fetched before a first page's first paint.
 *
 * The face is `font-display: optional`: a page draws it only if the file is
 * there within the browser's short block period (100 ms in Chromium), and
 * otherwise keeps the metric-matched fallback for the whole page. On a phone
 * the file cannot be: it is asked for once the first layout finds a heading,
 * and a round trip there takes longer than the block period. So a phone's
 * first page was drawn in the fallback anyway, after its headings had been
 * invisible for that period, and with the request competing with the first
 * paint (issue 58: in Lighthouse's simulation, the home page's LCP 36 ms and
 * FCP 32 ms later with it; docs/phone-speed.md).
 *
 * Now the headings name the face only on `<html data-display-font>`. The
 * head script sets it before the body is parsed when the reader came from
 * another page of this site, whose islands script fetched the file after its
 * own first paint (`keepDisplayFont`). That page, not this browser's storage,
 * is the sign: the first read of local storage is a synchronous call into the
 * browser, which made every page's first parse 15–45 ms longer on this
 * machine, four times that in Lighthouse's simulated phone. Every later page
 * draws the face from the HTTP cache at its first paint (the files are
 * immutable, kept a year). A reader whose cache lost the file, or who left
 * the first page before it came, gets it as before the flag: fetched at first
 * layout, drawn if in time. Without scripts, or with a Referrer-Policy that
 * sends no referrer within the site, the headings keep the fallback.
 */
import { DISPLAY_FONT } from "../styles/display-font-files";

/** Set on <html> when the headings may use the display face (src/styles/globals.css). */
export const DISPLAY_FONT_ATTRIBUTE = "data-display-font";

/**
 * A classic inline script for the head: it runs before the body is parsed,
 * so no layout ever sees the headings without the face and then with it.
 * The trailing slash keeps a look-alike host (this origin followed by
 * ".example") from counting as the site. Its hash is in the pages' policy
 * (next.config.ts). A function, not a constant: the islands bundle, which
 * imports this module, then drops it.
 */
export function displayFontHeadScript(): string {
  return `document.referrer.startsWith(location.origin+"/")&&document.documentElement.setAttribute("${DISPLAY_FONT_ATTRIBUTE}","")`;
}

/**
 * After a page's first paint: fetches the face's core file into the HTTP
 * cache for the reader's next page. Nothing on this page changes font: its
 * headings do not name the face, and drawing it now would move their text
 * after the reader has seen it.
 */
export async function keepDisplayFont(): Promise<void> {
  if (document.documentElement.hasAttribute(DISPLAY_FONT_ATTRIBUTE)) return;
  try {
    await document.fonts.load(DISPLAY_FONT);
  } catch {
    // No file (offline, a failed request): the next page fetches it at its first layout, drawn if in time.
  }
}
