import { describe, expect, it } from "vitest";
import { rebaseCssUrls } from "../../../src/document/InlineCssHead";

const SHEET = "/_next/static/chunks/1w3bomxmft7a-.css";

describe("rebaseCssUrls: a stylesheet's urls keep pointing at the same files once it is inlined in a page", () => {
  it.each([
    [
      "a font next/font emits",
      'src:url(../media/fraunces-s.p.woff2)format("woff2")',
      'src:url(/_next/static/media/fraunces-s.p.woff2)format("woff2")',
    ],
    ["quoted, with a query and fragment", "background:url('./img/a.svg?v=2#x')", "background:url('/_next/static/chunks/img/a.svg?v=2#x')"],
    ["double quotes and spaces", 'mask:url( "../media/m.svg" )', 'mask:url("/_next/static/media/m.svg")'],
    [
      "several in one rule",
      "src:url(../media/a.woff2),url(../media/b.woff)",
      "src:url(/_next/static/media/a.woff2),url(/_next/static/media/b.woff)",
    ],
  ])("resolves %s against the stylesheet's path", (_, css, want) => {
    expect(rebaseCssUrls(css, SHEET)).toBe(want);
  });

  it.each([
    ["root-relative", "url(/assets/logo.svg)"],
    ["absolute", "url(https://a.storyblok.com/f/1/x.png)"],
    ["data", "url(data:image/svg+xml;utf8,<svg/>)"],
    ["fragment (SVG filter)", "filter:url(#glow)"],
  ])("leaves %s urls alone", (_, css) => {
    expect(rebaseCssUrls(css, SHEET)).toBe(css);
  });
});

describe("InlineCssHead: the one override of next/document left", () => {
  it("overrides a method Next.js's Head still has and calls: an upgrade that renames it fails here, not silently on the pages", async () => {
    const { Head } = await import("next/document");
    const { InlineCssHead } = await import("../../../src/document/InlineCssHead");
    expect(typeof Head.prototype.getCssLinks).toBe("function");
    expect(Object.hasOwn(InlineCssHead.prototype, "getCssLinks")).toBe(true);
    // Head's render asks for the page's CSS through this method.
    expect(Head.prototype.render.toString()).toContain("getCssLinks");
  });
});
