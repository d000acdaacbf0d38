/**
 * Which version of a story getStaticProps shows (loadForPreview): the draft
 * only in draft mode, with our own preview data, and only when the draft is
 * the story the editor opened; anything else is the published story, with no
 * bridge. `load` stands in for the content query and records what it was
 * asked for.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAGE_QUERY } from "../../../src/content/access/story-queries";
import { loadForPreview } from "../../../src/preview/page-preview";
import { DEFAULT_BRIDGE_URL, DEFAULT_EDITOR_ORIGIN } from "../../../src/preview/preview-config";

type Story = { id: number; version: "draft" | "published" };

/** A content query: drafts when asked for them (`preview: true`), else the published story; `draftId` is the id the draft comes back with. */
function contentQuery(draftId = 5) {
  const asked: unknown[] = [];
  const load = async (options: { preview?: boolean }): Promise<Story | null> => {
    asked.push(options);
    return options.preview ? { id: draftId, version: "draft" } : { id: 5, version: "published" };
  };
  return { asked, load };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the draft, with the bridge", () => {
  it("in draft mode, for the story the editor opened", async () => {
    vi.stubEnv("STORYBLOK_BRIDGE_URL", "");
    vi.stubEnv("STORYBLOK_EDITOR_ORIGIN", "");
    const { asked, load } = contentQuery();
    const shown = await loadForPreview({ draftMode: true, previewData: { storyId: 5, release: "7", language: "de" } }, PAGE_QUERY, load);
    expect(shown).toEqual({
      story: { id: 5, version: "draft" },
      options: { preview: true, release: "7", language: "de" },
      preview: {
        storyId: 5,
        bridgeUrl: DEFAULT_BRIDGE_URL,
        editorOrigin: DEFAULT_EDITOR_ORIGIN,
        resolveRelations: [...PAGE_QUERY.resolve_relations],
      },
    });
    expect(asked).toEqual([{ preview: true, release: "7", language: "de" }]);
  });
});

describe("the published story, without the bridge", () => {
  it.each([
    ["not in draft mode", { draftMode: false, previewData: { storyId: 5 } }],
    ["draft mode unknown", { previewData: { storyId: 5 } }],
    ["draft mode without preview data (draft mode alone gives {})", { draftMode: true, previewData: {} }],
    ["draft mode with preview data that is not ours", { draftMode: true, previewData: { storyId: "5" } }],
  ])("%s: the draft is never asked for", async (_name, context) => {
    const { asked, load } = contentQuery();
    expect(await loadForPreview(context, PAGE_QUERY, load)).toEqual({ story: { id: 5, version: "published" }, options: {} });
    expect(asked).toEqual([{}]);
  });

  it("in draft mode, for a page of another story (a link followed in the editor): the draft is asked for, then the published story shown", async () => {
    const { asked, load } = contentQuery(6);
    expect(await loadForPreview({ draftMode: true, previewData: { storyId: 5 } }, PAGE_QUERY, load)).toEqual({
      story: { id: 5, version: "published" },
      options: {},
    });
    expect(asked).toEqual([{ preview: true }, {}]);
  });

  it("in draft mode, when there is no draft: the published story (or none)", async () => {
    const asked: unknown[] = [];
    const shown = await loadForPreview(
      { draftMode: true, previewData: { storyId: 5 } },
      PAGE_QUERY,
      async (options: { preview?: boolean }) => {
        asked.push(options);
        return null;
      },
    );
    expect(shown).toEqual({ story: null, options: {} });
    expect(asked).toEqual([{ preview: true }, {}]);
  });
});
