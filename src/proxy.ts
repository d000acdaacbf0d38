import { NextResponse, type NextRequest } from "next/server";
import { entryRedirect } from "./preview/preview-entry";

/** Framed page requests from the Visual Editor go through preview entry first (see preview-entry.ts). */
export function proxy(request: NextRequest) {
  const entry = entryRedirect(request.nextUrl, request.headers);
  return entry ? NextResponse.redirect(entry, 307) : NextResponse.next();
}

export const config = {
  // Only framed requests reach the proxy: ordinary visits pay nothing for preview.
  matcher: [
    {
      source: "/((?!api/|_next/|assets/|favicon).*)",
      has: [{ type: "header", key: "sec-fetch-dest", value: "iframe" }],
    },
  ],
};
