import { describe, expect, it } from "vitest";
import { languageAlternates } from "../../../src/seo/alternates";
import { creativeWorkJsonLd } from "../../../src/seo/json-ld";
import { sitemapXml } from "../../../src/seo/sitemap";
import type { ShownProject } from "../../../src/content/access/story-queries";

const ORIGIN = "https://elena-varga.example";

describe("language alternates", () => {
  it("name the page in every language and x-default, the same list from either version", () => {
    const want = [
      { hrefLang: "en", href: `${ORIGIN}/projects/x` },
      { hrefLang: "nl", href: `${ORIGIN}/nl/projects/x` },
      { hrefLang: "x-default", href: `${ORIGIN}/projects/x` },
    ];
    expect(languageAlternates("/projects/x", ORIGIN)).toEqual(want);
    expect(languageAlternates("/nl/projects/x", ORIGIN)).toEqual(want);
    expect(languageAlternates("/nl", ORIGIN).map(({ href }) => href)).toEqual([`${ORIGIN}/`, `${ORIGIN}/nl`, `${ORIGIN}/`]);
  });

  it("are written into the sitemap as xhtml:link, escaped", () => {
    const xml = sitemapXml([{ loc: `${ORIGIN}/nl`, alternates: [{ hrefLang: "en", href: `${ORIGIN}/?a=1&b=2` }] }]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/?a=1&amp;b=2"/>`);
  });

  it("a project's JSON-LD names its language and that language's address", () => {
    const story = { full_slug: "nl/projects/x", content: { title: "X" } } as unknown as ShownProject;
    const data = creativeWorkJsonLd(story, null, "nl");
    expect(data).toMatchObject({ inLanguage: "nl", name: "X" });
    expect(String(data.url)).toMatch(/\/nl\/projects\/x$/);
  });
});
