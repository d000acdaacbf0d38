import { describe, expect, expectTypeOf, it, vi } from "vitest";
import type { ResolvedStory } from "../../../src/generated";
import { applyInputStory } from "../../../src/preview/apply-input-story";
import { relatedStories, withKnownRelations } from "../../../src/preview/known-relations";
import { LIVE_ACCEPT } from "../../../src/preview/live-accept";
import { PAGE_RELATIONS, PROJECT_QUERY, type ShownProject } from "../../../src/content/access/story-queries";
import { projectWithCardRelations } from "../../../src/content/shaping/card-stories";
import { makeContentDir } from "../content/cdn-harness";
import { createSiteClients } from "../../../src/content/access/client";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

const CONTENT = join(process.cwd(), "content");
const TIDEWATER = "e3a8212b-9556-4809-93a7-46ef9f127842";
const KLEI_ATELIER = "e31a4720-ad17-4c55-a830-a335e96fe211";
const UNPUBLISHED = "00000000-0000-4000-8000-000000000000";

/** A story file as stored: relations are uuids, as in an `input` event. */
async function storyFile(path: string): Promise<{ content: Record<string, unknown> }> {
  return JSON.parse(await readFile(join(CONTENT, path), "utf8")) as { content: Record<string, unknown> };
}

/** The server's path over the embedded content: the real client resolves, the data boundary drops, the page shapes. */
function serverQueries() {
  const { published, preview } = createSiteClients({
    source: { kind: "local", dir: CONTENT, token: "local", previewToken: "local-preview" },
  });
  return createContentQueries(published, preview);
}

async function serverProject(slug: string): Promise<ShownProject> {
  const story = await serverQueries().getProjectStory([slug], { preview: true });
  if (!story) throw new Error(`${slug} is missing from content/`);
  return projectWithCardRelations(story);
}

describe("applyInputStory", () => {
  it("gives the story the server gives: relations as uuids become the page's stories, with the query's type", async () => {
    const current = await serverProject("fieldnotes");
    const fromEditor = await storyFile("drafts/projects/fieldnotes.json");
    expect(fromEditor.content.related).toEqual([TIDEWATER]);

    const shown = applyInputStory(
      { ...fromEditor, content: { ...fromEditor.content, title: "Edited live" } },
      current,
      LIVE_ACCEPT.project,
    );
    expect(shown.content.title).toBe("Edited live");
    // Shaped as the server shapes it: the same cards, a card's fields only.
    expect(shown.content.related).toEqual(current.content.related);
    expect(shown.content.related?.map((story) => story.uuid)).toEqual([TIDEWATER]);
    expect(shown.content.related?.some((story) => "description" in story.content)).toBe(false);
    expectTypeOf(shown).toEqualTypeOf(current);
    expectTypeOf(shown).toEqualTypeOf<ResolvedStory<"project", typeof PAGE_RELATIONS>>();
  });

  it("puts in what /api/preview/relations loaded and drops a uuid nobody could resolve, as the server does", async () => {
    const current = await serverProject("fieldnotes");
    const fromEditor = await storyFile("drafts/projects/fieldnotes.json");
    // What the relations route answers: drafts by uuid, their own relations left as uuids.
    const loaded = (await serverQueries().getStoriesByUuids([KLEI_ATELIER], { preview: true })) as Record<string, unknown>[];
    const fetched = new Map(loaded.map((story) => [String(story.uuid), story]));
    const edited = { ...fromEditor, content: { ...fromEditor.content, related: [TIDEWATER, KLEI_ATELIER, UNPUBLISHED] } };

    const shown = applyInputStory(edited, current, LIVE_ACCEPT.project, fetched);
    expect(shown.content.related?.map((story) => story.full_slug)).toEqual(["projects/tidewater", "projects/klei-atelier"]);
    // Klei Atelier as the server shows it where a project relates it (ledger-lane: atlas, klei-atelier).
    expect(shown.content.related?.[1]).toEqual((await serverProject("ledger-lane")).content.related?.[1]);
  });

  it("refuses a story that breaks its content type and keeps what the page shows", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const current = await serverProject("fieldnotes");
    const broken = { ...current, content: { ...current.content, title: 42 } };
    expect(applyInputStory(broken, current, LIVE_ACCEPT.project)).toBe(current);
    expect(applyInputStory("not a story", current, LIVE_ACCEPT.project)).toBe(current);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });

  it("walks deep nesting without recursion", () => {
    let content: Record<string, unknown> = { component: "single_card", _uid: "leaf", project: "u-1" };
    for (let depth = 0; depth < 20_000; depth++) content = { component: "wrapper", _uid: String(depth), body: [content] };
    const known = new Map([["u-1", { uuid: "u-1", name: "One" }]]);
    const replaced = withKnownRelations({ content }, known, PROJECT_QUERY.resolve_relations) as { content: unknown };
    expect(relatedStories(replaced.content, PROJECT_QUERY.resolve_relations).get("u-1")).toEqual({ uuid: "u-1", name: "One" });
  });
});

describe("release and language reach the content API", () => {
  it("are sent as from_release and language with version=draft", async () => {
    const seen: URL[] = [];
    const { cleanup } = await makeContentDir({});
    try {
      const recording: typeof fetch = async (input) => {
        seen.push(new URL(input instanceof Request ? input.url : String(input)));
        return new Response(JSON.stringify({ story: null, cv: 1 }), { status: 404 });
      };
      const { published, preview } = createSiteClients({
        source: { kind: "storyblok", token: "t", previewToken: "p", endpoint: "http://cdn.invalid/v2" },
        fetch: recording,
      });
      const queries = createContentQueries(published, preview);
      const { draftQueryOptions, previewDataFromQuery } = await import("../../../src/preview/preview-data");
      const data = previewDataFromQuery(new URLSearchParams("_storyblok=7&_storyblok_release=7781&_storyblok_lang=de"));
      await queries.getPageStory("home", draftQueryOptions(data!));
      const sent = seen.at(-1)?.searchParams;
      expect(sent?.get("version")).toBe("draft");
      expect(sent?.get("from_release")).toBe("7781");
      expect(sent?.get("language")).toBe("de");
    } finally {
      await cleanup();
    }
  });
});
