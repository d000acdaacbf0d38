/**
 * Malformed content at the data boundary, through the page queries against
 * the local CDN over HTTP: a broken story costs its own page, a broken
 * related story costs its card, a broken nested block is left to <Blocks>;
 * everything else keeps being served. A relation the query resolved holds
 * stories only, as its type says (StoryOf).
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { projectStory, serveStoriesForSuite } from "./cdn-harness";

const good = projectStory("projects/good");
// A number sent as a number and a required asset missing: what a hand-edited file or a schema change leaves behind.
const broken = projectStory("projects/broken", {}, { year: 2024, cover: undefined });
const brokenSection = { _uid: randomUUID(), component: "hero_section", eyebrow: "Hi" }; // headline is required
const home = projectStory(
  "home",
  {},
  {
    component: "page",
    body: [
      { _uid: randomUUID(), component: "card_list", title: "Work", projects: [good.uuid, broken.uuid] },
      { _uid: randomUUID(), component: "single_card", project: broken.uuid },
      brokenSection,
    ],
  },
);
const notAPage = projectStory("about", {}, { component: "page", body: "not a list of blocks" });
const brokenSite = projectStory("site", {}, { component: "site_config" }); // site_name is required
/** A uuid no story has: what an unpublished or deleted story leaves in a relation field. */
const missing = randomUUID();
const relating = projectStory("projects/relating", {}, { related: [missing, good.uuid] });
const aPage = projectStory("a-page", {}, { component: "page" });
const picks = projectStory(
  "picks",
  {},
  {
    component: "page",
    body: [
      { _uid: randomUUID(), component: "card_list", projects: [relating.uuid, missing, aPage.uuid] },
      { _uid: randomUUID(), component: "single_card", project: missing },
    ],
  },
);

const served = serveStoriesForSuite([good, broken, home, notAPage, brokenSite, relating, aPage, picks]);
const queries = () => createContentQueries(served.cdn.client());

afterEach(() => vi.restoreAllMocks());

function logged(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map((call) => String(call[0]));
}

describe("stories that break their content type", () => {
  it("are not served, with one log line naming the story and the fields", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await queries().getProjectStory(["broken"])).toBeNull();
    const lines = logged(errors);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^content: projects\/broken not shown: /);
    expect(lines[0]).toContain("content(project).year: must be a number written as a string");
    expect(lines[0]).toContain("content(project).cover: is required");
  });

  it("leave the other projects served", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await queries().getProjectStory(["good"]))?.full_slug).toBe("projects/good");
    expect((await queries().listProjectSlugs()).sort()).toEqual([["broken"], ["good"], ["relating"]]);
  });

  it("refuse a page whose own field has the wrong shape", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await queries().getPageStory("about")).toBeNull();
    expect(logged(errors)[0]).toMatch(/^content: about not shown: content\(page\)\.body: must be an array of blocks/);
  });
  it("are fetched and logged once per cache version, however many pages ask", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const shared = queries();
    const before = served.cdn.requests.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => shared.getSiteConfig()));
    expect(answers).toEqual([null, null, null, null, null]);
    expect(await shared.getSiteConfig()).toBeNull();
    expect(served.cdn.requests.length - before).toBe(1);
    expect(logged(errors)).toEqual([expect.stringMatching(/^content: site not shown: content\(site_config\)\.site_name: is required/)]);
  });
});

describe("a page relating a broken story", () => {
  it("keeps the page, drops the broken relation, and logs each place once", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const page = await queries().getPageStory("home");
    const [cardList, singleCard, hero] = page?.content.body ?? [];
    if (cardList?.component !== "card_list" || singleCard?.component !== "single_card") throw new Error("home lost its sections");
    expect(cardList.projects?.map((p) => p.full_slug)).toEqual(["projects/good"]);
    expect(singleCard).not.toHaveProperty("project");
    const lines = logged(errors);
    expect(lines).toEqual([
      // A broken nested block is marked in the content (<Blocks> skips it where it renders); the boundary names it with the story.
      "content: home shown with changes. blocks skipped: content(page).body[2](hero_section).headline: is required",
      expect.stringMatching(/^content: home card_list\.projects → projects\/broken not shown: .*year/),
      expect.stringMatching(/^content: home single_card\.project → projects\/broken not shown: .*year/),
    ]);
    // Only the marker goes on: its name, uid and why; none of the content that broke it.
    expect(hero).toEqual({ component: "hero_section", _uid: brokenSection._uid, _broken: ["(hero_section).headline: is required"] });
  });
});

describe("relations the query resolved", () => {
  it("hold stories only, at any depth: a uuid nobody could resolve and a story of a content type the field does not allow are dropped", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const page = await queries().getPageStory("picks");
    const [cardList, singleCard] = page?.content.body ?? [];
    if (cardList?.component !== "card_list" || singleCard?.component !== "single_card") throw new Error("picks lost its sections");
    expect(cardList.projects?.map((p) => p.full_slug)).toEqual(["projects/relating"]);
    // The related story's own relations, resolved by the client (resolve_level 2), keep the same promise.
    expect(cardList.projects?.[0]?.content.related?.map((p) => p.full_slug)).toEqual(["projects/good"]);
    // A single relation that could not be resolved leaves no field behind, and the block is not marked broken for it.
    expect(singleCard).not.toHaveProperty("project");
    expect(singleCard).not.toHaveProperty("_broken");
    // Only the story of the wrong content type is worth a line: the rest were never resolvable.
    expect(logged(errors)).toEqual([
      expect.stringMatching(/^content: picks card_list\.projects → a-page not shown: .*"page" is not allowed here \(allowed: project\)/),
    ]);
  });
});
