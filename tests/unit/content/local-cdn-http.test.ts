/** The local CDN over HTTP with plain fetch: routes, status codes, headers and bodies. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "./cdn-harness";

let cdn: RunningCdn;
beforeAll(async () => {
  cdn = await startCdn(EMBEDDED_CONTENT);
});
afterAll(() => cdn.close());

const ATLAS_SLUG = "projects/2024/atlas";

describe("GET /v2/cdn/stories", () => {
  it("lists published stories with cv, rels and links, and the paging headers", async () => {
    const response = await cdn.api("stories");
    expect(response.status).toBe(200);
    expect(response.headers.get("total")).toBe("7");
    expect(response.headers.get("per-page")).toBe("25");
    expect(response.headers.get("cache-control")).toBe("max-age=0, public, s-maxage=604800");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["stories", "cv", "rels", "links"]);
    expect(body.stories).toHaveLength(7);
    expect(typeof body.cv).toBe("number");
  });

  it("orders by position, then newest id first", async () => {
    const body = await (await cdn.api("stories")).json();
    expect(body.stories.map((s: { full_slug: string }) => s.full_slug)).toEqual([
      "home",
      "site",
      ATLAS_SLUG,
      "projects/tidewater",
      "projects/ledger-lane",
      "projects/fieldnotes",
      "projects/klei-atelier",
    ]);
  });

  it("pages with per_page and page; total stays the full count", async () => {
    const response = await cdn.api("stories", { per_page: "3", page: "3" });
    expect(response.headers.get("total")).toBe("7");
    expect(response.headers.get("per-page")).toBe("3");
    const body = await response.json();
    expect(body.stories.map((s: { full_slug: string }) => s.full_slug)).toEqual(["projects/klei-atelier"]);
  });

  it("answers a page past the end with an empty list", async () => {
    const response = await cdn.api("stories", { per_page: "25", page: "9" });
    expect(response.status).toBe(200);
    expect((await response.json()).stories).toEqual([]);
    expect(response.headers.get("total")).toBe("7");
  });

  it("caps per_page at 100", async () => {
    const response = await cdn.api("stories", { per_page: "500" });
    expect(response.headers.get("per-page")).toBe("100");
  });
});

describe("GET /v2/cdn/stories/{id}", () => {
  it("finds a story by nested full_slug", async () => {
    const response = await cdn.api(`stories/${ATLAS_SLUG}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["story", "cv", "rels", "links"]);
    expect(body.story.full_slug).toBe(ATLAS_SLUG);
    expect(response.headers.get("total")).toBeNull();
  });

  it("finds a story by numeric id and by uuid with find_by=uuid", async () => {
    const { story } = await (await cdn.api(`stories/${ATLAS_SLUG}`)).json();
    const byId = await (await cdn.api(`stories/${story.id}`)).json();
    const byUuid = await (await cdn.api(`stories/${story.uuid}`, { find_by: "uuid" })).json();
    expect(byId.story.uuid).toBe(story.uuid);
    expect(byUuid.story.id).toBe(story.id);
  });

  it("answers 404 with Storyblok's body for a missing story", async () => {
    const response = await cdn.api("stories/projects/does-not-exist");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(["This record could not be found"]);
  });

  it("sends related stories in rels for resolve_relations, and their relations at level 2", async () => {
    const body = await (
      await cdn.api("stories/home", { resolve_relations: "card_list.projects,single_card.project,project.related", resolve_level: "2" })
    ).json();
    expect(body.rels.map((s: { full_slug: string }) => s.full_slug).sort()).toEqual([
      ATLAS_SLUG,
      "projects/fieldnotes",
      "projects/klei-atelier",
      "projects/ledger-lane",
      "projects/tidewater",
    ]);
    // The content itself still holds uuids: substituting them is the client's job.
    const cardList = body.story.content.body.find((b: { component: string }) => b.component === "card_list");
    expect(cardList.projects[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends linked stories in links for resolve_links=story, link objects for resolve_links=url", async () => {
    const asStories = await (await cdn.api("stories/site", { resolve_links: "story" })).json();
    expect(asStories.links.length).toBeGreaterThan(0);
    expect(asStories.links[0]).toHaveProperty("content");
    const asLinks = await (await cdn.api("stories/site", { resolve_links: "url" })).json();
    expect(asLinks.links[0]).not.toHaveProperty("content");
    expect(asLinks.links[0]).toHaveProperty("full_slug");
  });
});

describe("access and caching", () => {
  it("answers a wrong or missing token with 401 as Storyblok does", async () => {
    const wrong = await fetch(`${cdn.url}/v2/cdn/stories?token=nope`);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toBe('{"error":"Unauthorized"}');
    const missing = await fetch(`${cdn.url}/v2/cdn/stories/home`);
    expect(missing.status).toBe(401);
  });

  it("redirects an outdated cv to the current one, and serves the current one", async () => {
    const { cv } = await (await cdn.api("stories/home")).json();
    const outdated = await cdn.api("stories/home", { cv: "0" });
    expect(outdated.status).toBe(301);
    expect(outdated.headers.get("cache-control")).toBe("no-cache");
    expect(new URL(outdated.headers.get("location")!).searchParams.get("cv")).toBe(String(cv));
    expect((await cdn.api("stories/home", { cv: String(cv) })).status).toBe(200);
  });

  it("lets browsers on other origins read answers (CORS)", async () => {
    const preflight = await fetch(`${cdn.url}/v2/cdn/stories`, { method: "OPTIONS", headers: { origin: "https://example.org" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const response = await cdn.api("stories", { per_page: "1" });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toContain("total");
  });

  it("serves drafts privately with _editable on every blok", async () => {
    const response = await cdn.previewApi("stories/home", { version: "draft" });
    expect(response.headers.get("cache-control")).toBe("max-age=0, private, must-revalidate");
    const { story } = await response.json();
    expect(story.content._editable).toBe(
      `<!--#storyblok#{"name": "page", "space": "0", "uid": "${story.content._uid}", "id": "${story.id}"}-->`,
    );
    for (const blok of story.content.body) expect(blok._editable).toContain(`"uid": "${blok._uid}"`);
    const published = await (await cdn.api("stories/home")).json();
    expect(published.story.content._editable).toBeUndefined();
  });
});
