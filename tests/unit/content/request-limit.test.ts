/**
 * One request limiter per process for every request to the content API
 * (issue 22): at most 5 in any 1000 ms, 3 with an OAuth token, whichever
 * client, token, module copy or kind of request sends them, 429 retries
 * included. Counted at a proxy in front of `portfolio content serve`'s
 * handler over HTTP, with the real storyblok-js-client. Without the limiter
 * in the clients' fetch these send every request within a few ms.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { LIMITER_WINDOW_MS } from "../../../src/content/access/rate-limit/process-limiter";
import { homeRelatingProjects, storyFiles } from "./cdn-harness";
import { proxiedCdnForSuite } from "./proxied-cdn";

const { home, related } = homeRelatingProjects(120, "p");
const suite = proxiedCdnForSuite(storyFiles([home, ...related]));
afterEach(() => {
  vi.restoreAllMocks();
});

const apiPath = (path: string) => new URL(path, "http://proxy").pathname.replace(/^\/v2\/cdn\//, "");

describe("every client in one process shares one limit", () => {
  it("published, preview, a listing, cdn/spaces/me and a second copy of the module: at most 5 in any 1000 ms", async () => {
    const { served } = suite;
    const before = served.proxy.requests.length;
    const published = served.client();
    const preview = served.client({ access: "preview" });
    const lister = served.client();
    // Another bundle's copy of src/content (Next.js may load it once per API route and page).
    vi.resetModules();
    const otherBundle = await import("../../../src/content/access/client");
    const bundled = otherBundle.createContentClient({ source: served.source() });

    const results = await Promise.all([
      ...related.slice(0, 6).map((story) => published.getStory(story.full_slug, { version: "published" })),
      // 120 relations: the story, then by_uuids batches of 50, 50 and 20.
      preview.getStory("home", { version: "draft", resolve_relations: ["card_list.projects"] }),
      // 121 stories, 25 a page: five listing requests.
      lister.getAll("cdn/stories", { version: "published", per_page: 25 }),
      published.refreshCacheVersion(),
      lister.refreshCacheVersion(),
      ...related.slice(6, 9).map((story) => bundled.getStory(story.full_slug, { version: "published" })),
    ]);

    expect(results).toHaveLength(13);
    const sent = served.proxy.requests.slice(before);
    const paths = sent.map((r) => apiPath(r.path));
    expect(paths.filter((p) => p === "spaces/me")).toHaveLength(2);
    expect(sent.filter((r) => r.path.includes("by_uuids="))).toHaveLength(3);
    expect(sent.filter((r) => r.path.includes(`token=${served.cdn.previewToken}`)).length).toBeGreaterThanOrEqual(4);
    expect(sent.length).toBeGreaterThanOrEqual(20);
    expect(sent.every((r) => r.status === 200)).toBe(true);
    expect(served.proxy.busiestWindow(1000)).toBeLessThanOrEqual(5);
  });

  it("with an OAuth token, at most 3 in any 1000 ms", async () => {
    const { served } = suite;
    // Let the previous test's requests age out of the window: these are measured on their own.
    await new Promise((resolve) => setTimeout(resolve, LIMITER_WINDOW_MS));
    const before = served.proxy.requests.length;
    const clients = [served.client({ oauthToken: "oauth-a" }), served.client({ oauthToken: "oauth-b", access: "preview" })];
    await Promise.all(
      related.slice(20, 30).map((story, i) => clients[i % 2]!.getStory(story.full_slug, { version: i % 2 ? "draft" : "published" })),
    );
    const sent = served.proxy.requests.slice(before);
    expect(sent).toHaveLength(10);
    expect(Math.max(...sent.map((r) => sent.filter((s) => s.at >= r.at && s.at < r.at + 1000).length))).toBeLessThanOrEqual(3);
  });

  it("429s are retried, and each retry counts against the window", async () => {
    const { served } = suite;
    const retryLog = vi.spyOn(console, "log").mockImplementation(() => {});
    served.cdn.faults.inject({ kind: "status", status: 429 }, 4);
    const before = served.proxy.requests.length;
    const clients = [served.client(), served.client({ access: "preview" })];
    const stories = await Promise.all(
      related.slice(40, 48).map((story, i) => clients[i % 2]!.getStory(story.full_slug, { version: i % 2 ? "draft" : "published" })),
    );
    expect(stories.map((s) => s.data.story.full_slug)).toEqual(related.slice(40, 48).map((s) => s.full_slug));
    const sent = served.proxy.requests.slice(before);
    expect(sent.filter((r) => r.status === 429)).toHaveLength(4);
    expect(sent).toHaveLength(12);
    expect(retryLog).toHaveBeenCalledTimes(4);
    expect(served.proxy.busiestWindow(1000)).toBeLessThanOrEqual(5);
  });
});
