/**
 * An instance with no map from before (started after the last listing,
 * nothing shared in Redis): its answer says `cold_map: true` and it
 * refreshes every page it cannot rule out. Each case edits a temp copy of the
 * embedded content served over HTTP, then sends the webhook to a fresh
 * instance. "Every page" includes the pages the build made, listed from the
 * embedded content as next.config.ts lists them when `next build` starts.
 */
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { builtPages, listBuildPages } from "../../../src/publishing/build-pages";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "../content/cdn-harness";
import { startWebhookSite, type WebhookSite } from "./webhook-site";

/** The pages of the embedded content, as the build made them. */
const BUILT = [
  "/",
  "/projects/2024/atlas",
  "/projects/fieldnotes",
  "/projects/klei-atelier",
  "/projects/ledger-lane",
  "/projects/tidewater",
];
const without = (path: string) => BUILT.filter((page) => page !== path);

let dir: string;
/** What the build inlines (SITE_BUILD_PAGES), read back as the webhook route reads it. */
let built: readonly string[];
let cdn: RunningCdn;
let site: WebhookSite;
let restore: (() => Promise<void>)[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cold-map-"));
  await cp(EMBEDDED_CONTENT, dir, { recursive: true });
  // Site settings that link to no project (as in webhook-handler.test.ts), so a project is named only where its content is.
  const siteFile = join(dir, "stories/site.json");
  const settings = JSON.parse(await readFile(siteFile, "utf8"));
  await writeFile(
    siteFile,
    JSON.stringify({ ...settings, content: { _uid: settings.content._uid, component: "site_config", site_name: "Elena Varga" } }),
  );
  built = builtPages(await listBuildPages());
  expect(built).toEqual(BUILT);
  cdn = await startCdn(dir);
});
afterAll(async () => {
  await cdn.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await site?.close();
  for (const undo of restore.reverse()) await undo();
  restore = [];
});

/** A fresh instance: nothing in memory, no shared map. */
async function coldSite(): Promise<WebhookSite> {
  site = await startWebhookSite(cdn, { builtPages: built });
  return site;
}

async function removeStory(slug: string): Promise<void> {
  const file = join(dir, "stories", `${slug}.json`);
  await rename(file, `${file}.gone`);
  restore.push(() => rename(`${file}.gone`, file));
}

describe("a cold instance", () => {
  it("deleted (no full_slug): every page, the deleted story's own included, and says it was cold", async () => {
    await removeStory("projects/fieldnotes");
    const answer = await (await coldSite()).send({ action: "deleted", story_id: 512004204 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ cold_map: true, revalidated: BUILT, failed: [] });
    expect(site.rendered.sort()).toEqual(BUILT);
    expect(site.logs).toContain(
      "revalidate: batch 1: no story → pages map from before (a cold start, nothing in Redis); refreshing every page that cannot be ruled out",
    );
  });

  it("moved: every page (the old path among them) and the new one", async () => {
    const file = join(dir, "stories/projects/klei-atelier.json");
    const klei = JSON.parse(await readFile(file, "utf8"));
    await mkdir(join(dir, "stories/projects/studio"), { recursive: true });
    await writeFile(
      join(dir, "stories/projects/studio/klei.json"),
      JSON.stringify({ ...klei, slug: "klei", full_slug: "projects/studio/klei" }),
    );
    await removeStory("projects/klei-atelier");
    restore.push(() => rm(join(dir, "stories/projects/studio"), { recursive: true }));
    const answer = await (await coldSite()).send({ action: "moved", story_id: 512004205, full_slug: "projects/studio/klei" });
    expect(answer.body).toMatchObject({ cold_map: true, revalidated: [...BUILT, "/projects/studio/klei"].sort() });
    expect(answer.body.revalidated).toContain("/projects/klei-atelier");
  });

  it("unpublished: its page and every page still naming a story gone from the listing (the pages that linked to it)", async () => {
    await removeStory("projects/2024/atlas");
    const answer = await (await coldSite()).send({ action: "unpublished", story_id: 512004201, full_slug: "projects/2024/atlas" });
    // The home page's cards and link, and the two projects relating Atlas; not Fieldnotes or Klei, which name no missing story.
    expect(answer.body).toMatchObject({
      cold_map: true,
      revalidated: ["/", "/projects/2024/atlas", "/projects/ledger-lane", "/projects/tidewater"],
    });
  });

  it.each([
    ["Klei Atelier", 512004205, "projects/klei-atelier"],
    ["Fieldnotes", 512004204, "projects/fieldnotes"],
  ])("unpublished %s: at least what an instance with a map refreshes", async (_name, storyId, fullSlug) => {
    const payload = { action: "unpublished", story_id: storyId, full_slug: fullSlug };
    const warm = await startWebhookSite(cdn);
    await warm.send({ action: "published", story_id: storyId, full_slug: fullSlug });
    await removeStory(fullSlug);
    const known = (await warm.send(payload)).body.revalidated as string[];
    await warm.close();
    const answer = await (await coldSite()).send(payload);
    expect(answer.body.cold_map).toBe(true);
    expect(answer.body.revalidated).toEqual(expect.arrayContaining(known));
    // Nothing more on the embedded content: the pages naming a missing story are exactly those that named this one.
    expect(answer.body.revalidated).toEqual(known);
    expect(known.length).toBeGreaterThan(1);
  });

  it("published: what shows the story now, flagged cold", async () => {
    const answer = await (await coldSite()).send({ action: "published", story_id: 512004201, full_slug: "projects/2024/atlas" });
    expect(answer.body).toMatchObject({
      cold_map: true,
      revalidated: ["/", "/projects/2024/atlas", "/projects/ledger-lane", "/projects/tidewater"],
    });
  });
});

describe("the same instance once it has a map", () => {
  it("deleted: the story's pages from its map, not every page, and no cold_map", async () => {
    const warm = await coldSite();
    await warm.send({ action: "published", story_id: 512004204, full_slug: "projects/fieldnotes" });
    await removeStory("projects/fieldnotes");
    const answer = await warm.send({ action: "deleted", story_id: 512004204 });
    expect(answer.body).toMatchObject({ revalidated: ["/", "/projects/2024/atlas", "/projects/fieldnotes"] });
    expect(answer.body.cold_map).toBeUndefined();
    expect(without("/projects/fieldnotes")).not.toEqual(answer.body.revalidated);
  });
});
