/**
 * Bulk publishing on one instance: 40 signed webhooks for 40 projects, all
 * shown on the home page, sent at once to the route over real sockets, the
 * stories listed from the local content API over HTTP. They share one
 * listing and one content-version look-up, each page is regenerated once,
 * and every answer is 200 with its pages or, when the regenerations outlast
 * the route's time limit, 202 with what is queued, the batch's end in the
 * log. How long the answers take is a figure of `npm run bench bulk-publish`
 * (target: every answer within 5 s), not a test's: a busy machine makes any
 * answer late.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startCdn, type RunningCdn } from "../content/cdn-harness";
import { untilHangGuard } from "../../support/hang-guard";
import { makeBulkContent, type BulkContent } from "./bulk-content";
import { startWebhookSite, type Answer, type WebhookSite } from "./webhook-site";

const COUNT = 40;
const FINISHED = /^revalidate: batch (\d+) finished in [\d.]+ s: /;

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
  it("one listing and one cv look-up; every page regenerated once; every answer with its own pages (200, or 202 when the batch outlasts the time limit)", async () => {
    site.renderMs = 150;
    const answers = await publishAll("first");
    answers.forEach((answer, i) => {
      // 200 on a quiet machine (41 renders of 150 ms, well inside the route's 4 s); a busy one may take longer, then 202.
      const pages = ["/", content.projects[i]!.path];
      expect([200, 202]).toContain(answer.status);
      expect(answer.body).toMatchObject({
        story_id: content.projects[i]!.id,
        ...(answer.status === 200 ? { revalidated: pages, failed: [] } : { queued: pages }),
      });
    });
    await untilHangGuard(() => site.logs.some((line) => FINISHED.test(line)), "the batch's end in the log");
    expect(contentRequests()).toEqual({ listings: 1, cvLookups: 1, total: 2 });
    const rendered = timesRendered();
    expect(rendered.size).toBe(COUNT + 1);
    expect([...rendered.values()].every((times) => times === 1)).toBe(true);
    expect(rendered.get("/")).toBe(1);
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

  it("regenerations slower than the answer's limit (6 s each): every answer 202 with its queued pages; the batch ends, logged, each page once", async () => {
    site.renderMs = 6000;
    const answers = await publishAll("slow");
    const batches = new Set(answers.map((answer) => answer.body.batch));
    expect(batches.size).toBe(1);
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(202);
      expect(answer.body).toMatchObject({
        action: "published",
        story_id: content.projects[i]!.id,
        planned: true,
        queued: ["/", content.projects[i]!.path],
      });
    });
    expect(site.logs.filter((line) => line.includes("is still at work after 4 s; its webhooks are answered 202 (queued)"))).toHaveLength(1);
    // The batch carries on after the answers (the 202s say it was still at work; whether a render ended before the
    // last answer reached this process is a busy machine's to decide). The renders end about 2 s after the answers
    // on a quiet machine; HANG_GUARD_MS is the hang guard.
    await untilHangGuard(() => site.logs.some((line) => FINISHED.test(line)), "the batch's end in the log");
    expect(site.logs.find((line) => line.includes("finished in"))).toMatch(
      new RegExp(`^revalidate: batch ${[...batches][0]} finished in [\\d.]+ s: 40 webhook\\(s\\), 41 page\\(s\\) refreshed, none failed$`),
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
