import { NextResponse, type NextRequest } from "next/server";
import { entryRedirect, isEditorRequest, withoutDraftModeCookies } from "./preview/preview-entry";
import { withoutTrailingSlash } from "./http/trailing-slash";
import { localePath, pageLocale } from "./i18n/locale-paths";
import { gatedPagePath } from "./publishing/page-gate/gated-paths";
import { isKnownPage, notAPageAnswer } from "./publishing/page-gate/site-gate-answers";
import { allowedMethodsAt, allowHeader, isAllowedMethod } from "./http/allowed-methods";

/**
 * Preview entry and its limits (see preview/preview-entry.ts): framed page
 * requests from the Visual Editor go through entry first (then, in draft
 * mode, next.config's rewrite takes them to the editor's page), and a page
 * request that is not the editor's loses the draft-mode cookies, so it is
 * published.
 *
 * The page gate (publishing/page-gate) for the editor's route: asked for a
 * path the site does not know, it is a 404 here, from a copy of the
 * rendered not-found page, before Next.js renders anything or keeps
 * anything for it: no content request (anyone could spend the content API's
 * budget with a few requests a second), no not-found entry per path in the
 * page cache (a flood of made-up paths would grow it without bound), and a
 * fraction of a render's time. The editor's own requests pass: it may open
 * a story never published; its page checks the draft-mode session itself
 * and gates a request that has none. Project pages are gated before this,
 * at the server's door (publishing/page-gate/gate-door.ts), so an ordinary
 * visit to one never runs the proxy.
 *
 * Also the trailing-slash redirect (`/projects/x/` → `/projects/x`): Next.js's
 * own answers before next.config's headers() apply, so its 308 carried no
 * security headers; `skipTrailingSlashRedirect` hands it to the proxy, whose
 * answers get them (Next.js documents the option for exactly this).
 *
 * First of all, the methods (src/http/allowed-methods.ts): a method the
 * route does not answer is a 405 here, before the gate would call an
 * unknown page's address a 404 whatever the method. A method the Fetch
 * standard refuses (TRACE) never gets here: Next.js cannot make the
 * NextRequest for it, and src/http/method-door.ts answers it at the
 * server's door instead.
 */
export async function proxy(request: NextRequest) {
  const allowed = allowedMethodsAt(request.nextUrl.pathname);
  if (!isAllowedMethod(request.method, allowed)) {
    return new NextResponse("Method Not Allowed", {
      status: 405,
      headers: { Allow: allowHeader(allowed), "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const canonical = withoutTrailingSlash(request.nextUrl);
  if (canonical) return NextResponse.redirect(canonical, 308);
  const entry = entryRedirect(request.nextUrl, request.headers);
  if (entry) return NextResponse.redirect(entry, 307);
  const editor = isEditorRequest(request.nextUrl, request.headers);
  const page = editor ? undefined : gatedPagePath(request.nextUrl.pathname);
  if (page !== undefined && !(await isKnownPage(page))) {
    const answer = await notAPage(request);
    // No copy to answer from: the page answers 404 itself, still without a content request (its getStaticProps asks the gate too).
    if (answer) return answer;
  }
  if (!editor) {
    const cookies = withoutDraftModeCookies(request.headers.get("cookie"));
    if (cookies !== undefined) {
      const headers = new Headers(request.headers);
      headers.set("cookie", cookies);
      return NextResponse.next({ request: { headers } });
    }
  }
  return NextResponse.next();
}

/**
 * The not-found page for the address asked for (site-gate-answers.ts). The
 * copy is asked of this server at the address Next.js gave the proxy (its
 * own host and port), never one a request names.
 */
function notAPage(request: NextRequest): Promise<Response | undefined> {
  // Next.js hands the proxy the path without its locale prefix, and the locale beside it: `/nl/…` gets the Dutch page, naming the address asked for.
  const locale = pageLocale(request.nextUrl.locale);
  const url = `${localePath(locale, request.nextUrl.pathname)}${request.nextUrl.search}`;
  // Next.js marks a /_next/data request so before the proxy sees it (and hands it the page's path).
  const data = request.headers.has("x-nextjs-data");
  return notAPageAnswer({ locale, url, userAgent: request.headers.get("user-agent"), data }, request.nextUrl.origin);
}

export const config = {
  // Pages only (not API routes, Next's own files or assets), and of those only
  // framed requests and requests carrying the draft-mode cookie: ordinary
  // visits pay nothing for preview. The editor's route (gated here; Next.js
  // matches a /_next/data JSON by its page's path). Any path that ends in a
  // slash, for the redirect. No page route: the page gate for the route
  // table's pages is at the server's door. Next reads this statically:
  // literals only. With i18n, Next.js puts a locale segment before every source
  // (/:locale/…), so a source that needs a path after it misses the home page
  // (/en): the home page has sources of its own.
  matcher: [
    { source: "/", has: [{ type: "header", key: "sec-fetch-dest", value: "iframe" }] },
    { source: "/", has: [{ type: "cookie", key: "__prerender_bypass" }] },
    { source: "/((?!api/|_next/|assets/|favicon).*)", has: [{ type: "header", key: "sec-fetch-dest", value: "iframe" }] },
    { source: "/((?!api/|_next/|assets/|favicon).*)", has: [{ type: "cookie", key: "__prerender_bypass" }] },
    "/editor/:path*",
    "/(.+)/",
  ],
};
