import { NextResponse, type NextRequest } from "next/server";
import { entryRedirect, isEditorRequest, withoutDraftModeCookies } from "./preview/preview-entry";
import { withoutTrailingSlash } from "./http/trailing-slash";

/**
 * Preview entry and its limits (see preview/preview-entry.ts): framed page
 * requests from the Visual Editor go through entry first (then, in draft
 * mode, next.config's rewrite takes them to the editor's page), and a page
 * request that is not the editor's loses the draft-mode cookies, so it is
 * published.
 *
 * Also the trailing-slash redirect (`/projects/x/` → `/projects/x`): Next.js's
 * own answers before next.config's headers() apply, so its 308 carried no
 * security headers; `skipTrailingSlashRedirect` hands it to the proxy, whose
 * answers get them (Next.js documents the option for exactly this).
 */
export function proxy(request: NextRequest) {
  const canonical = withoutTrailingSlash(request.nextUrl);
  if (canonical) return NextResponse.redirect(canonical, 308);
  const entry = entryRedirect(request.nextUrl, request.headers);
  if (entry) return NextResponse.redirect(entry, 307);
  if (!isEditorRequest(request.nextUrl, request.headers)) {
    const cookies = withoutDraftModeCookies(request.headers.get("cookie"));
    if (cookies !== undefined) {
      const headers = new Headers(request.headers);
      headers.set("cookie", cookies);
      return NextResponse.next({ request: { headers } });
    }
  }
  return NextResponse.next();
}

export const config = {
  // Pages only (not API routes, Next's own files or assets), and of those only
  // framed requests and requests carrying the draft-mode cookie: ordinary
  // visits pay nothing for preview. Any path that ends in a slash, for the
  // redirect. Next reads this statically: literals only.
  matcher: [
    { source: "/((?!api/|_next/|assets/|favicon).*)", has: [{ type: "header", key: "sec-fetch-dest", value: "iframe" }] },
    { source: "/((?!api/|_next/|assets/|favicon).*)", has: [{ type: "cookie", key: "__prerender_bypass" }] },
    "/(.+)/",
  ],
};
