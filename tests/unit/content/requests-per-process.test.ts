/**
 * A build process fetches each published story at most once: project pages
 * are served from one listing of every project (with relations resolved),
 * concurrent queries share a request, and a new cv or a story published
 * later is still seen. Over HTTP, counting what the server receives.
 */
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeEach, beforeAll, describe, expect, it } from "vitest";
import { createContentQueries, type ContentQueries } from "../../../src/content/access/content-queries";
import { createCvMemo } from "../../../src/content/access/cv-memo";
import { makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";

const uuids = Array.from({ length: 30 }, () => randomUUID());
const projects = uuids.map((uuid, i) => projectStory(`projects/p${i}`, { uuid }, { related: [uuids[(i + 1) % uuids.length]] }));
const site = projectStory("site", {}, { component: "site_config", site_name: "Elena Varga" });
const home = projectStory(
  "home",
  {},
  { component: "page", body: [{ _uid: randomUUID(), component: "single_card", project: projects[0]?.uuid }] },
);

let cdn: RunningCdn;
let dir: string;
let cleanup: () => Promise<void>;
let queries: ContentQueries;
beforeAll(async () => {
  ({ dir, cleanup } = await makeContentDir(storyFiles([...projects, site, home])));
  cdn = await startCdn(dir);
});
afterAll(async () => {
  await cdn.close();
  await cleanup();
});
beforeEach(() => {
  // A fresh process: its own client, memo and cache (the harness gives every server its own token).
  queries = createContentQueries(cdn.client(), cdn.previewClient());
});

const sentSince = (before: number) => cdn.requests.slice(before).map((r) => r.url);

describe("one build worker rendering every page", () => {
  it("lists the projects once and fetches site and home once, however many pages ask in parallel", async () => {
    const before = cdn.requests.length;
    const pages = projects.map(async (p) => {
      const [story, config] = await Promise.all([queries.getProjectStory([p.slug ?? ""]), queries.getSiteConfig()]);
      return { story, config };
    });
    const results = await Promise.all([...pages, queries.getPageStory("home").then((story) => ({ story, config: null }))]);
    expect(results.every((r) => r.story !== null)).toBe(true);
    const sent = sentSince(before);
    expect(sent.map((u) => u.pathname.replace(/^\/v2\/cdn\//, "")).sort()).toEqual(["stories", "stories/home", "stories/site"]);
    expect(sent.find((u) => u.pathname === "/v2/cdn/stories")?.searchParams.get("resolve_relations")).toContain("project.related");
  });

  it("serves project pages with their relations resolved, as a single-story request would", async () => {
    const story = await queries.getProjectStory(["p3"]);
    const related = story?.content.related?.[0];
    expect(typeof related === "string" ? related : related?.full_slug).toBe("projects/p4");
  });

  it("a project missing from the listing is fetched on its own, and a miss is not remembered", async () => {
    await queries.getProjectStory(["p0"]);
    const before = cdn.requests.length;
    expect(await queries.getProjectStory(["late"])).toBeNull();
    await writeFile(join(dir, "stories/projects/late.json"), JSON.stringify(projectStory("projects/late")));
    expect((await queries.getProjectStory(["late"]))?.full_slug).toBe("projects/late");
    // The second lookup reaches the server (through a 301 to the new cv, which the edit brought).
    expect(sentSince(before).filter((u) => u.pathname === "/v2/cdn/stories/projects/late").length).toBeGreaterThanOrEqual(2);
  });

  it("a new cv rebuilds the listing", async () => {
    expect((await queries.getProjectStory(["p1"]))?.content.title).toBe("Project projects/p1");
    const p1 = projects[1];
    if (!p1) throw new Error("no p1");
    await writeFile(join(dir, "stories/projects/p1.json"), JSON.stringify({ ...p1, content: { ...p1.content, title: "Renamed" } }));
    // Reading the content's latest cv (cdn/spaces/me), as a regenerated page does first.
    await queries.refresh();
    expect((await queries.getProjectStory(["p1"]))?.content.title).toBe("Renamed");
  });

  it("preview always fetches the draft", async () => {
    const before = cdn.requests.length;
    await queries.getProjectStory(["p2"], { preview: true });
    await queries.getProjectStory(["p2"], { preview: true });
    expect(sentSince(before).map((u) => u.searchParams.get("version"))).toEqual(["draft", "draft"]);
  });
});

describe("createCvMemo", () => {
  it("shares a load in flight, keeps it while the cv holds, and forgets failures and nulls", async () => {
    let cv = 1;
    let loads = 0;
    const memo = createCvMemo(() => cv);
    const load = () => Promise.resolve(++loads);
    expect(await Promise.all([memo("a", load), memo("a", load)])).toEqual([1, 1]);
    expect(await memo("a", load)).toBe(1);
    cv = 2;
    expect(await memo("a", load)).toBe(2);
    await expect(memo("b", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await memo("b", load)).toBe(3);
    expect(await memo("c", () => Promise.resolve(null))).toBeNull();
    expect(await memo("c", load)).toBe(4);
  });
});
