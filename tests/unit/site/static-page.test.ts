import { describe, expect, it } from "vitest";
import type { NEXT_DATA } from "next/dist/shared/lib/utils";
import { STATIC_PAGE_PROP, staticPage } from "../../../src/site/static-page";

const story = { name: "Home", content: { body: [{ component: "hero_section" }] } };
const ISLANDS = ["/_next/static/chunks/webpack-1.js", "/_next/static/chunks/islands-2.js"];

/** __NEXT_DATA__ as Next.js writes it for a prerendered page. */
function prerendered(overrides: Partial<NEXT_DATA> = {}): NEXT_DATA {
  return { props: { pageProps: { story }, __N_SSG: true }, page: "/", query: {}, buildId: "b1", isFallback: false, gsp: true, scriptLoader: [], ...overrides };
}

describe("staticPage", () => {
  it("gives a published prerendered page the marker in place of its props and its dynamic imports, keeps the rest, and the islands as its scripts", () => {
    const page = staticPage(prerendered({ page: "/projects/[...slug]", query: { slug: ["2024", "atlas"] }, dynamicIds: [4821] }), ISLANDS, true);
    expect(page?.data).toEqual({
      props: { pageProps: { [STATIC_PAGE_PROP]: true }, __N_SSG: true },
      page: "/projects/[...slug]",
      query: { slug: ["2024", "atlas"] },
      buildId: "b1",
      isFallback: false,
      gsp: true,
      scriptLoader: [],
    });
    expect(page?.scripts).toEqual(ISLANDS);
    expect(JSON.stringify(page)).not.toContain("hero_section");
  });

  it("leaves every page that hydrates as a whole with its props", () => {
    const cases: Array<[string, NEXT_DATA]> = [
      ["the Visual Editor's draft page", prerendered({ isPreview: true })],
      ["a fallback render", prerendered({ isFallback: true })],
      ["a page rendered per request", prerendered({ gsp: undefined, gssp: true })],
      ["a page with getInitialProps", prerendered({ gsp: undefined, gip: true })],
      ["the error view", prerendered({ page: "/_error" })],
      ["the 404 view", prerendered({ page: "/404" })],
      ["a page that failed", prerendered({ err: Object.assign(new Error("boom"), { statusCode: 500 }) })],
    ];
    for (const [name, data] of cases) expect(staticPage(data, ISLANDS, true), name).toBeNull();
  });

  it("is off in development (next dev's live reload needs the props)", () => {
    expect(staticPage(prerendered(), ISLANDS, false)).toBeNull();
  });

  it("is off when the build has no islands script to serve: the page hydrates with Next.js's own", () => {
    expect(staticPage(prerendered(), null, true)).toBeNull();
  });
});
