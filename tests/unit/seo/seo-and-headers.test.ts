import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ShownPage } from "../../../src/content/access/story-queries";
import { serialiseJsonLd } from "../../../src/seo/json-ld";
import { pageHeaders, scriptHash } from "../../../src/security/page-policies";
import { mergeDirectives, securityHeaders, serialiseCsp, siteDirectives } from "../../../src/security/security-headers";
import { robotsTxt, sitemapXml } from "../../../src/seo/sitemap";
import { siteUrlProblem } from "../../../src/seo/site-url";
import { allWorkHref } from "../../../src/content/shaping/work-anchor";

describe("Content-Security-Policy", () => {
  it("allows scripts from the site itself and inline scripts by their hashes only: no 'unsafe-inline' (next dev aside)", () => {
    expect(siteDirectives()["script-src"]).toEqual(["'self'"]);
    expect(siteDirectives({ scriptHashes: ["'sha256-abc='"] })["script-src"]).toEqual(["'self'", "'sha256-abc='"]);
    expect(siteDirectives({ development: true })["script-src"]).toContain("'unsafe-eval'");
  });

  it("names the build's inline script by the SHA-256 of its text, in the published and the preview policy", () => {
    const islands = 'watchForNewBuild("build-1");';
    const hash = `'sha256-${createHash("sha256").update(islands).digest("base64")}'`;
    expect(scriptHash(islands)).toBe(hash);
    const { published, preview } = pageHeaders({ inlineScripts: [islands] });
    for (const headers of [published, preview]) {
      const policy = headers.find((header) => header.key === "Content-Security-Policy")!.value;
      const scriptSrc = policy
        .split("; ")
        .find((directive) => directive.startsWith("script-src "))!
        .split(" ");
      expect(scriptSrc.slice(0, 3)).toEqual(["script-src", "'self'", hash]);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    }
  });

  it("merges another policy source by source, keeping directives only one has", () => {
    const merged = mergeDirectives(siteDirectives(), {
      "script-src": ["'self'", "https://app.storyblok.com"],
      "frame-ancestors": ["https://app.storyblok.com"],
    });
    expect(merged["script-src"]).toEqual(["'self'", "https://app.storyblok.com"]);
    expect(merged["frame-ancestors"]).toEqual(["https://app.storyblok.com"]);
    expect(merged["object-src"]).toEqual(["'none'"]);
  });

  it("serialises to the header syntax", () => {
    expect(serialiseCsp({ "default-src": ["'self'"], "object-src": ["'none'"] })).toBe("default-src 'self'; object-src 'none'");
    expect(securityHeaders().map((header) => header.key)).toEqual([
      "Content-Security-Policy",
      "Referrer-Policy",
      "X-Content-Type-Options",
      "Permissions-Policy",
    ]);
  });
});

describe("sitemap and robots", () => {
  it("escapes URLs as XML text", () => {
    const xml = sitemapXml([{ loc: "https://x.example/a?b=1&c=<2>", lastmod: "2025-01-01T00:00:00.000Z" }]);
    expect(xml).toContain("<loc>https://x.example/a?b=1&amp;c=&lt;2&gt;</loc>");
    expect(xml).toContain("<lastmod>2025-01-01T00:00:00.000Z</lastmod>");
  });

  it("names the sitemap and keeps crawlers out of the API only", () => {
    expect(robotsTxt("https://x.example/sitemap.xml")).toBe(
      "User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://x.example/sitemap.xml\n",
    );
  });
});

describe("JSON-LD", () => {
  it("content cannot close the script element", () => {
    const text = serialiseJsonLd({ name: "</script><script>alert(1)</script> & more" });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script> & more" });
  });
});

describe("NEXT_PUBLIC_SITE_URL", () => {
  it.each([
    ["https://elenavarga.design", null],
    ["http://localhost:3000", null],
    ["elenavarga.design", "must be an absolute URL"],
    ["ftp://x.example", "must use http or https"],
    ["https://x.example/?a=1", "without query"],
  ])("%s", (value, problem) => {
    const found = siteUrlProblem(value);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

describe("the project page's link to all work", () => {
  const home = (body: unknown[]): ShownPage => ({ content: { component: "page", _uid: "h", body } }) as unknown as ShownPage;

  it("points at the home project list's section id", () => {
    expect(
      allWorkHref(
        home([
          { component: "hero_section", _uid: "a" },
          { component: "card_list", _uid: "b", anchor: "Selected Work" },
        ]),
      ),
    ).toBe("/#selected-work");
  });

  it("falls back to the home page when there is no list to point at", () => {
    expect(allWorkHref(home([]))).toBe("/");
    expect(allWorkHref(null)).toBe("/");
  });
});

describe("profileLinks", () => {
  const link = (url: string, linktype = "url") => ({
    component: "link",
    _uid: url,
    label: url,
    link: { id: "", url, linktype, fieldtype: "multilink", cached_url: url },
  });

  it("collects external http(s) links from header and footer at any depth, once each, and nothing else", async () => {
    const { profileLinks } = await import("../../../src/seo/json-ld");
    let nested: unknown = link("https://deep.example/me");
    for (let depth = 0; depth < 5000; depth += 1) nested = { component: "links_container", _uid: `n${depth}`, links: [nested] };
    const site = {
      content: {
        component: "site_config",
        _uid: "s",
        header: [
          { component: "header_container", _uid: "h", navigation: [link("https://github.com/ev"), link("projects/atlas", "story")] },
        ],
        footer: [
          {
            component: "footer_container",
            _uid: "f",
            columns: [nested, link("https://github.com/ev"), link("mailto:ev@example.com"), link("javascript:alert(1)")],
          },
        ],
      },
    };
    expect(profileLinks(site as never)).toEqual(["https://deep.example/me", "https://github.com/ev"]);
    expect(profileLinks(null)).toEqual([]);
  });

  it("leaves out files: a CV on an asset host is a link, not a profile", async () => {
    const { profileLinks } = await import("../../../src/seo/json-ld");
    const cv = link("https://a.storyblok.com/f/288141/x/cv.pdf", "asset");
    const site = {
      content: {
        component: "site_config",
        _uid: "s",
        header: [],
        footer: [{ component: "footer_container", _uid: "f", columns: [cv, link("https://github.com/ev")] }],
      },
    };
    expect(profileLinks(site as never)).toEqual(["https://github.com/ev"]);
  });
});

describe("a project's JSON-LD", () => {
  const story = (dates: { first_published_at?: string | null; published_at?: string | null }) =>
    ({ name: "Atlas", full_slug: "projects/atlas", content: { component: "project", _uid: "p", title: "Atlas" }, ...dates }) as never;

  it("dates the publication by the first one: republishing, or moving to another space, does not change it", async () => {
    const { creativeWorkJsonLd } = await import("../../../src/seo/json-ld");
    expect(
      creativeWorkJsonLd(story({ first_published_at: "2023-02-13T09:00:00.000Z", published_at: "2026-11-26T05:56:01.198Z" }), null)
        .datePublished,
    ).toBe("2023-02-13T09:00:00.000Z");
    expect(creativeWorkJsonLd(story({ first_published_at: null, published_at: "2025-05-12T14:05:31.228Z" }), null).datePublished).toBe(
      "2025-05-12T14:05:31.228Z",
    );
    expect(creativeWorkJsonLd(story({ first_published_at: null, published_at: null }), null)).not.toHaveProperty("datePublished");
  });
});
