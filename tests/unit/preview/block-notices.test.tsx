import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAGE_RELATIONS, type ShownBlok } from "../../../src/content/access/story-queries";
import { Blocks } from "../../../src/blocks/Blocks";
import { markBrokenBloks } from "../../../src/content/shaping/mark-broken-bloks";
import { relationFieldsOf } from "../../../src/content/access/relation-fields";
import { PreviewMode } from "../../../src/preview/preview-mode";

const untyped = (value: unknown): ShownBlok => value as ShownBlok;
const editable = (uid: string) => `<!--#storyblok#{"name": "link", "space": "288141", "uid": "${uid}", "id": "512004204"}-->`;
const unknown = untyped({ component: "carousel_3000", _uid: "u-1", _editable: editable("u-1") });
const invalid = untyped({ component: "link", _uid: "l-1", label: 42, _editable: editable("l-1") });

/** The blocks as a page gets them: through the data boundary, which marks the broken ones (story-contract.ts). */
function checked(bloks: ShownBlok[]): ShownBlok[] {
  const copy = structuredClone(bloks);
  markBrokenBloks(copy, relationFieldsOf(PAGE_RELATIONS));
  return copy;
}

describe("broken blocks: a notice in the Visual Editor, nothing and one log line for the public", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows a notice for a missing renderer and for failing content in preview, selectable in the editor", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const html = renderToStaticMarkup(
      <PreviewMode.Provider value={true}>
        <Blocks bloks={checked([unknown, invalid])} />
      </PreviewMode.Provider>,
    );
    expect(html).toContain("No renderer for the block <code>carousel_3000</code>");
    expect(html).toMatch(/The block <code>link<\/code> is not shown to visitors: .*label/);
    expect(html).toContain('data-blok-uid="512004204-u-1"');
    expect(html).toContain('data-blok-uid="512004204-l-1"');
    expect(errors).not.toHaveBeenCalled();
  });

  it("renders nothing for either outside preview, with one log line each", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(renderToStaticMarkup(<Blocks bloks={checked([unknown, invalid])} />)).toBe("");
    expect(errors).toHaveBeenCalledTimes(2);
    expect(String(errors.mock.calls[0]?.[0])).toBe("<Blocks> skipped carousel_3000 u-1: no renderer");
    expect(String(errors.mock.calls[1]?.[0])).toMatch(/^<Blocks> skipped link l-1: .*label/);
  });
});
