import { NextResponse, type NextRequest } from "next/server";
import { entryRedirect, isEditorRequest, withoutDraftModeCookies } from "./preview/preview-entry";

/**
 * Preview entry and its limits (see preview/preview-entry.ts): framed page
 * requests from the Visual Editor go through entry first, and a page request
 * that is not the editor's loses the draft-mode cookies, so it is published.
 */
export function proxy(request: NextRequest) {
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
  // visits pay nothing for preview. Next reads this statically: literals only.
  matcher: [
    { source: "/((?!api/|_next/|assets/|favicon).*)", has: [{ type: "header", key: "sec-fetch-dest", value: "iframe" }] },
    { source: "/((?!api/|_next/|assets/|favicon).*)", has: [{ type: "cookie", key: "__prerender_bypass" }] },
  ],
};
