/**
 * The not-found page for a path the page gate refused, answered by the
 * proxy from a copy instead of rendered for each request (issue 36).
 *
 * The page (src/pages/_error.tsx) differs from one path to the next only in
 * the path its heading repeats, yet rendering it (React, the document, the
 * inlined CSS) cost about 5 ms of the server's single thread, against about
 * 2 ms for a cached page: a flood of made-up paths kept the server busy, and
 * the editor's publish waited behind it. So the page is rendered once per
 * content version (its header and footer come from the content) and at
 * most every COPY_MAX_AGE_MS, for a path no story can have
 * (COPY_PATH), and each refused path gets that copy with its own path in
 * place, escaped as React escapes text. Status and headers (the security
 * headers, Cache-Control) are the rendered page's own. A bot gets what
 * the error page gives bots: the status line as text.
 *
 * The copy is asked of this server at the address Next.js gives the proxy
 * (its own host and port, never a request's Host header), for a path no
 * page matches, which Next.js answers with that same page and keeps
 * nothing for. Without a copy (not made yet, or this server cannot ask
 * itself, as on a serverless platform) the proxy lets the request through
 * and the page answers 404 itself, still without a content request.
 */
import { localePath } from "../i18n/locale-paths";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { ERROR_TEXTS } from "./error-texts";
import { setTimeout as wait } from "node:timers/promises";
import { isbot } from "isbot";
import { reasonPhrase, shownPath } from "./error-status";
import { processState } from "../process/process-state";

/** A path no page matches (`~` is in no route and no Storyblok slug): Next.js renders the not-found page for it, and caches nothing. */
export const COPY_PATH = "/~not-found~";
/** A copy older than this is made again in the background, so a header or footer that failed to load once is not kept. */
export const COPY_MAX_AGE_MS = 60_000;
/** After a failed attempt, requests are let through to the page for this long before the next one. */
export const COPY_RETRY_MS = 30_000;
/** How long the first refused path waits for the first copy. */
const FIRST_COPY_WAIT_MS = 3_000;
/** A person's browser: the error page gives bots a line of text, and the copy is the page people see. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** Headers of the rendered answer that describe that one message, not the page. */
const NOT_COPIED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "x-middleware-rewrite",
  "x-nextjs-cache",
  "x-powered-by",
]);

interface Copy {
  version: number | undefined;
  madeAt: number;
  /** The page before and after the path in its heading. */
  before: string;
  after: string;
  headers: [string, string][];
}

export interface NotFoundCopies {
  /**
   * The not-found answer for the address `url` (path and query) from the
   * copy for `version`, made or refreshed as needed; undefined when there
   * is no copy to answer from. `data`: the page's `/_next/data` JSON was
   * asked for, answered as Next.js answers it (`{"notFound":true}`).
   */
  answer(
    request: { url: string; userAgent: string | null; data: boolean },
    version: number | undefined,
    origin: string,
  ): Promise<Response | undefined>;
}

/** React's escaping of text: the copy must show a path exactly as the rendered page would. */
export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

/** The heading's words before the path, in `locale` ("Page not found: "). */
function headingLead(locale: Locale): string {
  return ERROR_TEXTS[locale].notFoundHeading.split("{path}")[0] ?? "";
}

/**
 * The copy in `html`, split at the one place the heading repeats the copy's
 * path (COPY_PATH, under the locale's prefix); undefined when that is not
 * exactly once.
 */
export function splitCopy(html: string, locale: Locale = DEFAULT_LOCALE): { before: string; after: string } | undefined {
  const lead = headingLead(locale);
  const path = localePath(locale, COPY_PATH);
  const at = html.indexOf(`${lead}${escapeText(path)}`);
  const pathAt = at + lead.length;
  const end = pathAt + escapeText(path).length;
  if (at < 0 || html.indexOf(COPY_PATH, end) >= 0 || html.lastIndexOf(COPY_PATH, pathAt - 1) >= 0) return undefined;
  return { before: html.slice(0, pathAt), after: html.slice(end) };
}

export function createNotFoundCopies(
  options: { fetch?: typeof fetch; now?: () => number; log?: (line: string) => void; locale?: Locale } = {},
): NotFoundCopies {
  // One copy per language: `/nl/…` gets the Dutch page, made at `/nl/~not-found~`.
  const locale = options.locale ?? DEFAULT_LOCALE;
  const copyPath = localePath(locale, COPY_PATH);
  const fetchCopy = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  let copy: Copy | undefined;
  let making: Promise<Copy | undefined> | undefined;
  let failedAt = -Infinity;

  async function make(version: number | undefined, origin: string): Promise<Copy | undefined> {
    try {
      const response = await fetchCopy(new URL(copyPath, origin), {
        headers: { "user-agent": BROWSER, accept: "text/html" },
        redirect: "error",
        signal: AbortSignal.timeout(10_000),
      });
      const html = await response.text();
      const split = splitCopy(html, locale);
      if (response.status !== 404 || !response.headers.get("content-type")?.startsWith("text/html") || !split) {
        throw new Error(
          `the page answered ${response.status} ${response.headers.get("content-type") ?? ""} without one "${headingLead(locale)}${copyPath}"`,
        );
      }
      const headers = [...response.headers].filter(([name]) => !NOT_COPIED.has(name.toLowerCase()));
      copy = { version, madeAt: now(), ...split, headers };
      return copy;
    } catch (error) {
      failedAt = now();
      log(
        `errors: the not-found page could not be copied (${error instanceof Error ? error.message : String(error)}); refused paths are rendered one by one for ${COPY_RETRY_MS / 1000} s`,
      );
      return undefined;
    }
  }

  function refresh(version: number | undefined, origin: string): Promise<Copy | undefined> {
    making ??= make(version, origin).finally(() => (making = undefined));
    return making;
  }

  async function current(version: number | undefined, origin: string): Promise<Copy | undefined> {
    const fresh = copy && copy.version === version && now() - copy.madeAt < COPY_MAX_AGE_MS;
    if (fresh || now() - failedAt < COPY_RETRY_MS) return copy;
    // A copy of an older version answers while the new one is made: its page differs at most in the header and footer.
    if (copy) {
      void refresh(version, origin);
      return copy;
    }
    const timeout = wait(FIRST_COPY_WAIT_MS, undefined, { ref: false });
    return Promise.race([refresh(version, origin), timeout]);
  }

  return {
    async answer({ url, userAgent, data }, version, origin) {
      const made = await current(version, origin);
      if (!made) return undefined;
      const headers = new Headers(made.headers);
      if (data) {
        headers.set("content-type", "application/json");
        return new Response('{"notFound":true}', { status: 404, headers });
      }
      if (userAgent && isbot(userAgent)) {
        // As src/errors/bot-response.ts answers bots: the status line, not the page.
        headers.set("content-type", "text/plain; charset=utf-8");
        headers.set("cache-control", "no-store");
        return new Response(`404 ${reasonPhrase(404)}\n`, { status: 404, headers });
      }
      return new Response(`${made.before}${escapeText(shownPath(url))}${made.after}`, { status: 404, headers });
    },
  };
}

/** The process's copies for `locale` (the proxy is one module instance, but a dev server reloads it). */
export function processNotFoundCopies(locale: Locale = DEFAULT_LOCALE): NotFoundCopies {
  const copies = processState("portfolio.not-found-copies", () => new Map<Locale, NotFoundCopies>());
  let made = copies.get(locale);
  if (!made) copies.set(locale, (made = createNotFoundCopies({ locale })));
  return made;
}
