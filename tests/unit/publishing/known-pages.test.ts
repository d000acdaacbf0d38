/**
 * After a restart, a deleted story's page is still found: the server lists
 * the stories at start (rememberSitePages, over the embedded content
 * in-process, as `next start` does), and the webhook route reads that map.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { EMBEDDED_CONTENT } from "../content/cdn-harness";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "known-pages-"));
  await cp(EMBEDDED_CONTENT, dir, { recursive: true });
  // The site's own content source, read from the environment at first use.
  vi.stubEnv("CONTENT_DIR", dir);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

it("a story deleted after the start, never named in a webhook before, has its page refreshed", async () => {
  const { rememberSitePages } = await import("../../../src/publishing/remember-site-pages");
  const { processKnownPagesStore } = await import("../../../src/publishing/site-known-pages");
  const { refreshContentFor, siteQueries } = await import("../../../src/content/access/site-content");
  const listPublishedStories = () => siteQueries().listPublishedStories();
  const { createWebhookHandler } = await import("../../../src/publishing/webhook-handler");
  const { signWebhookBody } = await import("../../../src/publishing/webhook-signature");

  await rememberSitePages();
  expect((await processKnownPagesStore().map())?.stories.get(512004205)?.fullSlug).toBe("projects/klei-atelier");

  await rm(join(dir, "stories/projects/klei-atelier.json"));
  const handle = createWebhookHandler({
    secret: () => "s",
    listStories: async () => {
      await refreshContentFor("on-demand");
      return listPublishedStories();
    },
    store: processKnownPagesStore(),
    log: () => undefined,
  });
  const body = Buffer.from(JSON.stringify({ action: "deleted", story_id: 512004205, space_id: 1, text: "" }));
  const answer = await handle({ body: { kind: "ok", bytes: body }, signature: signWebhookBody(body, "s") }, async () => undefined);
  expect(answer.body).toMatchObject({ revalidated: expect.arrayContaining(["/projects/klei-atelier"]) });
  expect(answer.body.unknown_story).toBeUndefined();
  // The webhook's own listing replaces the start-up one.
  expect((await processKnownPagesStore().map())?.stories.has(512004205)).toBe(false);
});
