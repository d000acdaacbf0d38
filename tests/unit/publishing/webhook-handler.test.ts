/**
 * The webhook handler over the embedded content, listed through the real
 * client from the local content API over HTTP: which pages each action
 * refreshes, and the answers for bad requests (nothing revalidated).
 */
import { cp, mkdtemp, readFile, rename, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { createWebhookHandler, MAX_WEBHOOK_BYTES, type WebhookAnswer } from "../../../src/publishing/webhook-handler";
import { signWebhookBody } from "../../../src/publishing/webhook-signature";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "../content/cdn-harness";

const SECRET = "test-secret";
const ALL_PAGES = [
  "/",
  "/projects/2024/atlas",
  "/projects/fieldnotes",
  "/projects/klei-atelier",
  "/projects/ledger-lane",
  "/projects/tidewater",
];

let dir: string;
let cdn: RunningCdn;
let logs: string[];
let revalidated: string[];
let failing: Set<string>;
let handle: ReturnType<typeof createWebhookHandler>;

let siteSettings: string;
/** The embedded site settings link to every project from the header and footer; most cases want settings that name none. */
const plainSettings = (text: string) => {
  const site = JSON.parse(text);
  return JSON.stringify({ ...site, content: { _uid: site.content._uid, component: "site_config", site_name: "Elena Varga" } });
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "webhook-content-"));
  await cp(EMBEDDED_CONTENT, dir, { recursive: true });
  siteSettings = await readFile(join(dir, "stories/site.json"), "utf8");
  await writeFile(join(dir, "stories/site.json"), plainSettings(siteSettings));
  cdn = await startCdn(dir);
});
afterAll(async () => {
  await cdn.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  logs = [];
  revalidated = [];
  failing = new Set();
  const queries = createContentQueries(cdn.client());
  handle = createWebhookHandler({
    secret: () => SECRET,
    async listStories() {
      await queries.refresh();
      return queries.listPublishedStories();
    },
    log: (line) => logs.push(line),
  });
});

async function send(payload: unknown, options: { secret?: string; signature?: string } = {}): Promise<WebhookAnswer> {
  const body = Buffer.from(typeof payload === "string" ? payload : JSON.stringify(payload));
  const signature = options.signature ?? signWebhookBody(body, options.secret ?? SECRET);
  return handle({ body: { kind: "ok", bytes: body }, signature }, async (path) => {
    if (failing.has(path)) throw new Error("Invalid response 500");
    revalidated.push(path);
  });
}

const story = async (slug: string) => JSON.parse(await readFile(join(dir, "stories", `${slug}.json`), "utf8"));

describe("pages refreshed", () => {
  it("published project: its page, the home page and the project pages relating it", async () => {
    const answer = await send({ action: "published", story_id: 512004201, full_slug: "projects/2024/atlas" });
    expect(answer.status).toBe(200);
    expect(answer.body.revalidated).toEqual(["/", "/projects/2024/atlas", "/projects/ledger-lane", "/projects/tidewater"]);
    expect(revalidated.sort()).toEqual(answer.body.revalidated);
  });

  it("published site settings (header, footer): every page", async () => {
    const answer = await send({ action: "published", story_id: 512004111, full_slug: "site" });
    expect(answer.body.revalidated).toEqual(ALL_PAGES);
  });

  it("a story the site settings name (a header link): every page", async () => {
    await writeFile(join(dir, "stories/site.json"), siteSettings);
    const answer = await send({ action: "published", story_id: 512004201, full_slug: "projects/2024/atlas" });
    await writeFile(join(dir, "stories/site.json"), plainSettings(siteSettings));
    expect(answer.body.revalidated).toEqual(ALL_PAGES);
  });

  it("moved: the old path and the new one", async () => {
    await send({ action: "published", story_id: 512004205, full_slug: "projects/klei-atelier" });
    const klei = await story("projects/klei-atelier");
    await mkdir(join(dir, "stories/projects/studio"), { recursive: true });
    await writeFile(
      join(dir, "stories/projects/studio/klei.json"),
      JSON.stringify({ ...klei, slug: "klei", full_slug: "projects/studio/klei" }),
    );
    await rm(join(dir, "stories/projects/klei-atelier.json"));
    const answer = await send({ action: "moved", story_id: 512004205, full_slug: "projects/studio/klei" });
    expect(answer.body.revalidated).toEqual(["/", "/projects/klei-atelier", "/projects/ledger-lane", "/projects/studio/klei"]);
    await writeFile(join(dir, "stories/projects/klei-atelier.json"), JSON.stringify(klei));
    await rm(join(dir, "stories/projects/studio"), { recursive: true });
  });

  it("deleted (no full_slug): the pages the last listing had for the story", async () => {
    await send({ action: "published", story_id: 512004204, full_slug: "projects/fieldnotes" });
    const path = join(dir, "stories/projects/fieldnotes.json");
    await rename(path, `${path}.bak`);
    const answer = await send({ action: "deleted", story_id: 512004204 });
    await rename(`${path}.bak`, path);
    expect(answer.body.revalidated).toEqual(["/", "/projects/2024/atlas", "/projects/fieldnotes"]);
  });

  it("deleted, not in the previous listing: every page, and says so", async () => {
    await send({ action: "published", story_id: 512004204, full_slug: "projects/fieldnotes" });
    const answer = await send({ action: "deleted", story_id: 999 });
    expect(answer.body).toMatchObject({ unknown_story: true, revalidated: ALL_PAGES });
    expect(answer.body.cold_map).toBeUndefined();
    expect(logs.join("\n")).toContain("story 999 is not in the previous listing; refreshing every page");
  });

  it("a new project not listed yet: the page its payload names", async () => {
    const answer = await send({ action: "published", story_id: 4242, full_slug: "projects/brand-new" });
    expect(answer.body.revalidated).toEqual(["/projects/brand-new"]);
  });

  it("a page that fails to regenerate is reported and logged; the others are refreshed", async () => {
    failing.add("/projects/tidewater");
    const answer = await send({ action: "published", story_id: 512004201, full_slug: "projects/2024/atlas" });
    expect(answer.status).toBe(200);
    expect(answer.body.failed).toEqual([{ path: "/projects/tidewater", error: "Invalid response 500" }]);
    expect(answer.body.revalidated).toEqual(["/", "/projects/2024/atlas", "/projects/ledger-lane"]);
    expect(logs).toContain("revalidate: published story 512004201: /projects/tidewater not refreshed: Invalid response 500");
  });
});

describe("refused requests revalidate nothing", () => {
  const valid = { action: "published", story_id: 512004201, full_slug: "projects/2024/atlas" };

  it.each([
    ["missing signature", { signature: "" }, 401],
    ["signed with another secret", { secret: "guess" }, 401],
  ])("%s → %i", async (_name, options, status) => {
    expect((await send(valid, options)).status).toBe(status);
    expect(revalidated).toEqual([]);
    expect(logs.join("\n")).toContain("webhook-signature");
  });

  it("signed but malformed → 400", async () => {
    const answer = await send('{"action":"published"');
    expect(answer).toMatchObject({ status: 400 });
    expect(revalidated).toEqual([]);
  });

  it("signed but unknown action → 400", async () => {
    expect((await send({ action: "release_merged", story_id: 1 })).status).toBe(400);
    expect(revalidated).toEqual([]);
  });

  it("over the size limit → 413", async () => {
    expect(MAX_WEBHOOK_BYTES).toBeLessThanOrEqual(64 * 1024);
    expect(
      (await handle({ body: { kind: "too-large", maxBytes: MAX_WEBHOOK_BYTES }, signature: undefined }, async () => undefined)).status,
    ).toBe(413);
  });

  it("no secret configured → 500 and a log line naming the variable", async () => {
    const unconfigured = createWebhookHandler({ secret: () => undefined, listStories: async () => [], log: (line) => logs.push(line) });
    const body = Buffer.from(JSON.stringify(valid));
    expect(
      (await unconfigured({ body: { kind: "ok", bytes: body }, signature: signWebhookBody(body, "") }, async () => undefined)).status,
    ).toBe(500);
    expect(logs.join("\n")).toContain("STORYBLOK_WEBHOOK_SECRET");
  });

  it("content API down → 502, logged, nothing revalidated", async () => {
    cdn.faults.inject({ kind: "status", status: 503 }, 3);
    const answer = await send(valid);
    cdn.faults.clear();
    expect(answer.status).toBe(502);
    expect(revalidated).toEqual([]);
    expect(logs.join("\n")).toContain("cannot list the stories");
  });
});
