import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAGE_RELATIONS, type ShownBlok } from "../../../src/content/access/story-queries";
import { Blocks } from "../../../src/blocks/Blocks";
import { markBrokenBloks } from "../../../src/content/shaping/mark-broken-bloks";
import { relationFieldsOf } from "../../../src/content/access/relation-fields";

const link = (label: string, uid: string): ShownBlok => ({
  component: "link",
  _uid: uid,
  label,
  link: { id: "", url: "https://example.org", linktype: "url", fieldtype: "multilink", cached_url: "https://example.org" },
});

/** Content as it may arrive from the API, whatever the types promise. */
const untyped = (value: unknown): ShownBlok => value as ShownBlok;

/** The blocks as a page gets them: through the data boundary, which marks the broken ones (story-contract.ts). */
function checked(bloks: ShownBlok[]): ShownBlok[] {
  const copy = structuredClone(bloks);
  markBrokenBloks(copy, relationFieldsOf(PAGE_RELATIONS));
  return copy;
}

describe("<Blocks>", () => {
  afterEach(() => vi.restoreAllMocks());

  it("renders every valid block in order", () => {
    const html = renderToStaticMarkup(<Blocks bloks={[link("First", "a"), link("Second", "b")]} />);
    expect(html.indexOf("First")).toBeGreaterThan(-1);
    expect(html.indexOf("Second")).toBeGreaterThan(html.indexOf("First"));
  });

  it("skips a malformed block with one log line and keeps the others", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = untyped({ component: "link", _uid: "broken-1", label: 42 });
    const html = renderToStaticMarkup(<Blocks bloks={checked([link("Before", "a"), broken, link("After", "c")])} />);
    expect(html).toContain("Before");
    expect(html).toContain("After");
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/skipped link broken-1: .*label/);
  });

  it("skips a block whose nested block is malformed", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const list = untyped({ component: "links_container", _uid: "list", title: "Elsewhere", links: [{ component: "link", _uid: "x" }] });
    const html = renderToStaticMarkup(<Blocks bloks={checked([list])} />);
    expect(html).not.toContain("Elsewhere");
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it("renders nothing for an unknown block in production, a notice when asked", () => {
    const unknown = untyped({ component: "carousel_3000", _uid: "u" });
    expect(renderToStaticMarkup(<Blocks bloks={[unknown]} showUnknown={false} />)).toBe("");
    expect(renderToStaticMarkup(<Blocks bloks={[unknown]} showUnknown />)).toContain("carousel_3000");
  });
});
