/**
 * The draft-mode cookies, both ways: what the site sets (made cross-site and
 * partitioned, so the Visual Editor's frame keeps them) and what it lets
 * through (a request that is not the editor's loses exactly those two
 * cookies, so it is served published). Set-Cookie is rewritten on a real
 * node:http response and read back by a real client.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { crossSiteCookie, makeCookiesCrossSite } from "../../../src/preview/cross-site-cookies";
import { DRAFT_MODE_COOKIES, withoutDraftModeCookies } from "../../../src/preview/preview-entry";

/** The Set-Cookie headers a client receives after `prepare` set them on the response and makeCookiesCrossSite ran. */
async function setCookiesAfter(prepare: (response: ServerResponse) => void): Promise<string[]> {
  const server = createServer((_request, response) => {
    prepare(response);
    makeCookiesCrossSite(response);
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await response.text();
    return response.headers.getSetCookie();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe("crossSiteCookie", () => {
  it.each([
    [
      "a development cookie",
      "__prerender_bypass=abc; Path=/; HttpOnly; SameSite=Lax",
      "__prerender_bypass=abc; Path=/; HttpOnly; SameSite=None; Secure; Partitioned",
    ],
    ["attributes in any case", "a=1; path=/; samesite=strict; SECURE; partitioned", "a=1; path=/; SameSite=None; Secure; Partitioned"],
    [
      "a deletion (exit)",
      "__next_preview_data=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax",
      "__next_preview_data=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=None; Secure; Partitioned",
    ],
    ["empty attributes and stray spaces", "a=1;;  Path=/ ; ", "a=1; Path=/; SameSite=None; Secure; Partitioned"],
    ["a bare cookie", "a=1", "a=1; SameSite=None; Secure; Partitioned"],
  ])("%s", (_name, given, want) => {
    expect(crossSiteCookie(given)).toBe(want);
  });

  it("keeps attributes that only look like the replaced ones", () => {
    // Only an attribute named SameSite, Secure or Partitioned is replaced; a path or domain that contains the word stays.
    expect(crossSiteCookie("a=1; Path=/secure; Domain=partitioned.example; Max-Age=60")).toBe(
      "a=1; Path=/secure; Domain=partitioned.example; Max-Age=60; SameSite=None; Secure; Partitioned",
    );
    expect(crossSiteCookie("a=1; SecureFlag; SameSiteX=1")).toBe("a=1; SecureFlag; SameSiteX=1; SameSite=None; Secure; Partitioned");
  });

  it("never touches the cookie's own name=value, even when it looks like an attribute", () => {
    expect(crossSiteCookie("secure=1; Path=/")).toBe("secure=1; Path=/; SameSite=None; Secure; Partitioned");
  });
});

describe("makeCookiesCrossSite on a real response", () => {
  it("rewrites every Set-Cookie header", async () => {
    const cookies = await setCookiesAfter((response) =>
      response.setHeader("Set-Cookie", [
        "__prerender_bypass=abc; Path=/; HttpOnly; SameSite=Lax",
        "__next_preview_data=x.y; Path=/; HttpOnly; SameSite=Lax",
      ]),
    );
    expect(cookies).toEqual([
      "__prerender_bypass=abc; Path=/; HttpOnly; SameSite=None; Secure; Partitioned",
      "__next_preview_data=x.y; Path=/; HttpOnly; SameSite=None; Secure; Partitioned",
    ]);
  });

  it("rewrites a single Set-Cookie set as a string", async () => {
    expect(await setCookiesAfter((response) => response.setHeader("Set-Cookie", "a=1; SameSite=Strict"))).toEqual([
      "a=1; SameSite=None; Secure; Partitioned",
    ]);
  });

  it("adds no cookie to a response that sets none", async () => {
    expect(await setCookiesAfter(() => undefined)).toEqual([]);
  });
});

describe("withoutDraftModeCookies", () => {
  it("names exactly Next.js' two draft-mode cookies", () => {
    expect([...DRAFT_MODE_COOKIES]).toEqual(["__prerender_bypass", "__next_preview_data"]);
  });

  it.each([
    ["both, among others", "theme=dark; __prerender_bypass=abc; __next_preview_data=x.y; lang=nl", "theme=dark; lang=nl"],
    ["the bypass cookie alone", "__prerender_bypass=abc", ""],
    ["the preview data alone", "__next_preview_data=x", ""],
    ["with spaces around the name", " __prerender_bypass =abc;theme=dark", "theme=dark"],
    ["an empty value", "__prerender_bypass=; a=1", "a=1"],
    ["repeated", "__prerender_bypass=1; __prerender_bypass=2; a=1", "a=1"],
    ["with empty pairs around it (dropped too)", "a=1;; __prerender_bypass=x; ;b=2;", "a=1; b=2"],
  ])("drops %s", (_name, header, kept) => {
    expect(withoutDraftModeCookies(header)).toBe(kept);
  });

  it.each([
    ["no cookie header", null],
    ["an empty header", ""],
    ["other cookies only", "theme=dark; lang=nl"],
    ["cookies whose names only contain the draft names", "x__prerender_bypass=1; __next_preview_data_old=2"],
    ["a draft cookie name as a value", "ref=__prerender_bypass"],
  ])("leaves the header as it was (undefined) with %s", (_name, header) => {
    expect(withoutDraftModeCookies(header)).toBeUndefined();
  });
});
