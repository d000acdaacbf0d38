import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "../../../src/contact/server/cross-site";

const SITE = "https://elenavarga.design";

describe("crossSiteRefusal: a post from another site's page is refused", () => {
  it.each<[string, IncomingHttpHeaders]>([
    ["Sec-Fetch-Site: cross-site", { host: "elenavarga.design", "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site in upper case", { host: "elenavarga.design", "sec-fetch-site": "CROSS-SITE" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { host: "elenavarga.design", "sec-fetch-site": "same-site" }],
    ["Sec-Fetch-Site with an unknown value", { host: "elenavarga.design", "sec-fetch-site": "same-origin-ish" }],
    ["Sec-Fetch-Site empty", { host: "elenavarga.design", "sec-fetch-site": "" }],
    ["Sec-Fetch-Site sent twice (Node joins them)", { host: "elenavarga.design", "sec-fetch-site": "same-origin, cross-site" }],
    [
      "same-origin Sec-Fetch-Site but a foreign Origin",
      { host: "elenavarga.design", origin: "https://evil.example", "sec-fetch-site": "same-origin" },
    ],
    ["another site's Origin", { host: "elenavarga.design", origin: "https://evil.example" }],
    ["Origin: null (sandboxed frame, data: URL, redirected post)", { host: "elenavarga.design", origin: "null" }],
    ["an empty Origin", { host: "elenavarga.design", origin: "" }],
    ["a subdomain's Origin", { host: "elenavarga.design", origin: "https://blog.elenavarga.design" }],
    ["a parent domain's Origin", { host: "www.elenavarga.design", origin: "https://elenavarga.design" }],
    ["a look-alike suffix", { host: "elenavarga.design", origin: "https://elenavarga.design.evil.example" }],
    ["a look-alike prefix", { host: "elenavarga.design", origin: "https://evilelenavarga.design" }],
    ["another host behind the site's name as userinfo", { host: "elenavarga.design", origin: "https://elenavarga.design@evil.example" }],
    ["the site's host behind userinfo (no browser sends it)", { host: "elenavarga.design", origin: "https://evil@elenavarga.design" }],
    ["the site's host on another port", { host: "elenavarga.design", origin: "https://elenavarga.design:8443" }],
    ["a Host with a port against a default-port Origin", { host: "localhost:3000", origin: "http://localhost" }],
    ["a Host port against another port", { host: "localhost:3000", origin: "http://localhost:3001" }],
    ["an Origin with a path", { host: "elenavarga.design", origin: "https://elenavarga.design/contact" }],
    ["a non-http Origin", { host: "elenavarga.design", origin: "file://elenavarga.design" }],
    ["two Origins (Node joins them)", { host: "elenavarga.design", origin: "https://elenavarga.design, https://evil.example" }],
    ["an Origin without Host", { origin: "https://evil.example" }],
    ["an Origin with a malformed Host", { host: "elenavarga.design/../evil", origin: "https://elenavarga.design" }],
  ])("%s", (_name, headers) => {
    expect(crossSiteRefusal(headers, "")).toEqual(expect.any(String));
    expect(crossSiteRefusal(headers, "https://example.org")).toEqual(expect.any(String));
  });

  it("the site URL's origin is the site's, not its siblings' or its plain-http twin's", () => {
    const behindProxy = { host: "127.0.0.1:3000" };
    expect(crossSiteRefusal({ ...behindProxy, origin: "https://elenavarga.design" }, SITE)).toBeNull();
    expect(crossSiteRefusal({ ...behindProxy, origin: "https://elenavarga.design" }, `${SITE}/`)).toBeNull();
    expect(crossSiteRefusal({ ...behindProxy, origin: "http://elenavarga.design" }, SITE)).toEqual(expect.any(String));
    expect(crossSiteRefusal({ ...behindProxy, origin: "https://www.elenavarga.design" }, SITE)).toEqual(expect.any(String));
  });
});

describe("crossSiteRefusal: the site's own pages and non-browser clients go on", () => {
  it.each<[string, IncomingHttpHeaders]>([
    [
      "the no-JavaScript form post (Chromium)",
      { host: "localhost:3000", origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    ],
    [
      "the script's fetch behind a TLS proxy (the scheme is not compared with Host)",
      { host: "elenavarga.design", origin: "https://elenavarga.design", "sec-fetch-site": "same-origin" },
    ],
    ["upper-case host names", { host: "ElenaVarga.Design", origin: "https://ELENAVARGA.design" }],
    ["a Host with the scheme's default port", { host: "elenavarga.design:443", origin: "https://elenavarga.design" }],
    ["an explicit default port in both", { host: "localhost:80", origin: "http://localhost:80" }],
    ["an IPv6 literal", { host: "[::1]:3000", origin: "http://[::1]:3000" }],
    ["an IPv4 literal", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }],
    ["Sec-Fetch-Site: none (the visitor's own action)", { host: "elenavarga.design", "sec-fetch-site": "none" }],
    ["Sec-Fetch-Site: same-origin without Origin", { host: "elenavarga.design", "sec-fetch-site": " Same-Origin " }],
    ["neither header: curl, a server", { host: "elenavarga.design" }],
    ["neither header and no Host", {}],
  ])("%s", (_name, headers) => {
    expect(crossSiteRefusal(headers, "")).toBeNull();
  });

  it("the reason names the header and quotes the value, on one line", () => {
    expect(crossSiteRefusal({ host: "elenavarga.design", "sec-fetch-site": "cross-site" }, "")).toBe('Sec-Fetch-Site is "cross-site"');
    const reason = crossSiteRefusal({ host: "elenavarga.design", origin: "https://evil.example\n203.0.113.9 forged line" }, "");
    expect(reason).toBe(
      'Origin "https://evil.example\\n203.0.113.9 forged line" is neither the request\'s host "elenavarga.design" nor NEXT_PUBLIC_SITE_URL',
    );
  });
});
