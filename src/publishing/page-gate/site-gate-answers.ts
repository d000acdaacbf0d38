/**
 * What the page gate asks of the site, the same wherever it runs: at the
 * server's door for ordinary visits to a project page (gate-door.ts, wired
 * in src/instrumentation-node.ts) and in the proxy for the editor's route
 * and framed or draft-mode requests (src/proxy.ts).
 */
import { contentVersionNow } from "../../content/access/site-content";
import { processNotFoundCopies } from "../../errors/not-found-copy";
import type { Locale } from "../../i18n/locales";
import { sitePageGate } from "./site-page-gate";

/**
 * Whether the gate knows `page`. A content source configured wrong (a
 * missing token) is the page's to report: it fails there with the error
 * the log names, as every page does, so the gate lets the request through.
 */
export async function isKnownPage(page: string): Promise<boolean> {
  try {
    return await sitePageGate().isKnown(page);
  } catch {
    return true;
  }
}

/**
 * The not-found page for the address asked for (`url`, as the visitor wrote
 * it, with its locale prefix), from the copy of the rendered one at the
 * content's version now (errors/not-found-copy.ts): nothing rendered, nothing
 * kept per path. `data`: a `/_next/data/…` request, answered as Next.js
 * answers it. `origin` is this server's own address, never one a request
 * names. Undefined while there is no copy: the page answers 404 itself.
 */
export async function notAPageAnswer(
  request: { locale: Locale; url: string; userAgent: string | null; data: boolean },
  origin: string,
): Promise<Response | undefined> {
  const { locale, ...asked } = request;
  return processNotFoundCopies(locale).answer(asked, await contentVersionNow(), origin);
}
