import { describe, expect, it } from "vitest";
import type { ProjectStory } from "../../../src/generated";
import { acceptStory } from "../../../src/content/shaping/story-contract";
import { applyInputStory } from "../../../src/preview/apply-input-story";
import { relatedStories, withKnownRelations } from "../../../src/preview/known-relations";
import { projectWithCardRelations } from "../../../src/content/shaping/card-stories";
import { makeContentDir } from "../content/cdn-harness";
import { createSiteClients } from "../../../src/content/access/client";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

const CONTENT = join(process.cwd(), "content");
const accept = (story: unknown) => {
  const project = acceptStory(story, "project", () => {});
  return project && projectWithCardRelations(project);
};

async function storyFile(path: string): Promise<ProjectStory> {
  return JSON.parse(await readFile(join(CONTENT, path), "utf8")) as ProjectStory;
}

/** Fieldnotes as the site renders it: relations resolved by the real client over the embedded content. */
async function renderedFieldnotes(): Promise<ProjectStory> {
  const { published, preview } = createSiteClients({ source: { kind: "local", dir: CONTENT, token: "local", previewToken: "local-preview" } });
  const queries = createContentQueries(published, preview);
  const story = await queries.getProjectStory(["fieldnotes"], { preview: true });
  if (!story) throw new Error("fieldnotes is missing from content/");
  return projectWithCardRelations(story);
}

describe("applyInputStory", () => {
  it("keeps relations resolved when the editor sends them as uuids", async () => {
    const current = await renderedFieldnotes();
    const fromEditor = await storyFile("drafts/projects/fieldnotes.json");
    const relatedUuid = fromEditor.content.related?.[0];
    expect(typeof relatedUuid).toBe("string");

    const edited = { ...fromEditor, content: { ...fromEditor.content, title: "Edited live" } };
    const shown = applyInputStory(edited, current, accept);
    expect(shown.content.title).toBe("Edited live");
    const related = shown.content.related?.[0];
    expect(typeof related === "object" && related.uuid).toBe(relatedUuid);
    // Shaped as the server shapes it: a card's fields only.
    expect(shown).toEqual(accept(withKnownRelations(edited, relatedStories(current))));
    expect(typeof related === "object" && "description" in related.content).toBe(false);
  });

  it("leaves a uuid the page never had resolved as a uuid (not shown, as on the server)", async () => {
    const current = await renderedFieldnotes();
    const fromEditor = await storyFile("drafts/projects/fieldnotes.json");
    const edited = { ...fromEditor, content: { ...fromEditor.content, related: ["00000000-0000-4000-8000-000000000000"] } };
    expect(applyInputStory(edited, current, accept).content.related).toEqual(["00000000-0000-4000-8000-000000000000"]);
  });

  it("refuses a story that breaks its content type and keeps what the page shows", async () => {
    const current = await renderedFieldnotes();
    const broken = { ...current, content: { ...current.content, title: 42 } };
    expect(applyInputStory(broken, current, accept)).toBe(current);
    expect(applyInputStory("not a story", current, accept)).toBe(current);
  });

  it("walks deep nesting without recursion", () => {
    let content: Record<string, unknown> = { component: "single_card", _uid: "leaf", project: "u-1" };
    for (let depth = 0; depth < 20_000; depth++) content = { component: "wrapper", _uid: String(depth), body: [content] };
    const known = new Map([["u-1", { uuid: "u-1", name: "One" }]]);
    const replaced = withKnownRelations({ content }, known) as { content: unknown };
    expect(relatedStories(replaced.content).get("u-1")).toEqual({ uuid: "u-1", name: "One" });
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
      const { published, preview } = createSiteClients({ source: { kind: "storyblok", token: "t", previewToken: "p", endpoint: "http://cdn.invalid/v2" }, fetch: recording });
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
