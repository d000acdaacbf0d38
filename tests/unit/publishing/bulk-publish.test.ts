/**
 * Bulk publishing on one instance: 40 signed webhooks for 40 projects, all
 * shown on the home page, sent at once to the route over real sockets, the
 * stories listed from the local content API over HTTP. They share one
 * listing and one content-version look-up, each page is regenerated once,
 * and every answer comes within 5 s: 202 with what is queued when the
 * regenerations take longer, the batch's end in the log.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startCdn, type RunningCdn } from "../content/cdn-harness";
import { makeBulkContent, type BulkContent } from "./bulk-content";
import { startWebhookSite, type Answer, type WebhookSite } from "./webhook-site";

const COUNT = 40;
/** The hard limit for an answer. */
const ANSWER_LIMIT_MS = 5000;

let content: BulkContent;
let cdn: RunningCdn;
let site: WebhookSite;

beforeAll(async () => {
  content = await makeBulkContent(COUNT);
  cdn = await startCdn(content.dir);
});
afterAll(async () => {
  await cdn.close();
  await content.cleanup();
});
beforeEach(async () => {
  site = await startWebhookSite(cdn);
  cdn.requests.length = 0;
});
afterEach(() => site.close());

/** The 40 stories edited, then their 40 webhooks sent at once. */
async function publishAll(edition: string): Promise<Answer[]> {
  await content.edit(edition);
  return sendAll(edition);
}

const sendAll = (edition: string): Promise<Answer[]> =>
  Promise.all(
    content.projects.map((project) =>
      site.send({ action: "published", story_id: project.id, full_slug: project.fullSlug, text: `published ${edition}` }),
    ),
  );

function contentRequests(): { listings: number; cvLookups: number; total: number } {
  const paths = cdn.requests.map((request) => request.url.pathname);
  return {
    listings: paths.filter((path) => path === "/v2/cdn/stories").length,
    cvLookups: paths.filter((path) => path === "/v2/cdn/spaces/me").length,
    total: paths.length,
  };
}

function timesRendered(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const path of site.rendered) counts.set(path, (counts.get(path) ?? 0) + 1);
  return counts;
}

describe(`${COUNT} webhooks at once`, () => {
  it("one listing and one cv look-up; every page regenerated once; every answer 200 within 5 s with its own pages", async () => {
    site.renderMs = 150;
    const answers = await publishAll("first");
    expect(contentRequests()).toEqual({ listings: 1, cvLookups: 1, total: 2 });
    const rendered = timesRendered();
    expect(rendered.size).toBe(COUNT + 1);
    expect([...rendered.values()].every((times) => times === 1)).toBe(true);
    expect(rendered.get("/")).toBe(1);
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThanOrEqual(ANSWER_LIMIT_MS);
      expect(answer.body).toMatchObject({ story_id: content.projects[i]!.id, revalidated: ["/", content.projects[i]!.path], failed: [] });
    });
    expect(
      site.logs.filter((line) =>
        /^revalidate: batch \d+ finished in [\d.]+ s: 40 webhook\(s\), 41 page\(s\) refreshed, none failed$/.test(line),
      ),
    ).toHaveLength(1);

    // The same 40 payloads again, content unchanged: 40 duplicates, nothing regenerated.
    site.rendered.length = 0;
    const again = await sendAll("first");
    expect(again.every((answer) => answer.body.duplicate === true)).toBe(true);
    expect(site.rendered).toEqual([]);
  });

  it("regenerations slower than the answer's limit (6 s each): every answer 202 within 5 s with its queued pages; the batch ends, logged, each page once", async () => {
    site.renderMs = 6000;
    const answers = await publishAll("slow");
    const batches = new Set(answers.map((answer) => answer.body.batch));
    expect(batches.size).toBe(1);
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(202);
      expect(answer.ms).toBeLessThanOrEqual(ANSWER_LIMIT_MS);
      expect(answer.body).toMatchObject({
        action: "published",
        story_id: content.projects[i]!.id,
        planned: true,
        queued: ["/", content.projects[i]!.path],
      });
    });
    expect(site.logs.filter((line) => line.includes("is still at work after 4 s; its webhooks are answered 202 (queued)"))).toHaveLength(1);
    expect(site.rendered).toEqual([]);
    // The batch carries on after the answers.
    await expect
      .poll(() => site.logs.find((line) => line.includes("finished in")), { timeout: 10_000, interval: 200 })
      .toMatch(
        new RegExp(
          `^revalidate: batch ${[...batches][0]} finished in [\\d.]+ s: 40 webhook\\(s\\), 41 page\\(s\\) refreshed, none failed$`,
        ),
      );
    expect([...timesRendered().values()].every((times) => times === 1)).toBe(true);
    expect(timesRendered().size).toBe(COUNT + 1);
    expect(contentRequests().listings).toBe(1);
  });

  it("a page that fails in the batch: reported to every webhook that planned it, logged once, and a retry of one payload is processed again", async () => {
    site.failing.add("/");
    const answers = await publishAll("failing");
    expect(answers.every((answer) => (answer.body.failed as { path: string }[]).map((failure) => failure.path).join() === "/")).toBe(true);
    expect(site.logs.filter((line) => line.includes("/ not refreshed: Invalid response 500"))).toEqual([
      `revalidate: published story ${content.projects[0]!.id}, published story ${content.projects[1]!.id}, published story ${content.projects[2]!.id} and 37 more: / not refreshed: Invalid response 500`,
    ]);
    expect(site.logs.find((line) => line.includes("finished in"))).toContain("40 page(s) refreshed, 1 not refreshed (/)");
    site.failing.clear();
    const project = content.projects[7]!;
    const retry = await site.send({ action: "published", story_id: project.id, full_slug: project.fullSlug, text: "published failing" });
    expect(retry.body).toMatchObject({ revalidated: ["/", project.path], failed: [] });
    expect(retry.body.duplicate).toBeUndefined();
  });
});
