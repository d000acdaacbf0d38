/**
 * CONTENT_SOURCE=storyblok without STORYBLOK_TOKEN, through the module the
 * pages import: one error naming the variable is logged, every query fails
 * with it (so `next build` stops on the first page's data), and nothing is
 * sent. The full `next build` is too slow for a unit test; it was run by hand.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContentConfigError, readContentSource } from "../../../src/content/sources/content-source";

describe("CONTENT_SOURCE=storyblok without STORYBLOK_TOKEN", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv("CONTENT_SOURCE", "storyblok");
    vi.stubEnv("STORYBLOK_TOKEN", "");
    vi.stubEnv("STORYBLOK_API_URL", "http://127.0.0.1:9/v2");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("logs one error naming the variable, fails every query with it, and sends nothing", async () => {
    const errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { siteQueries } = await import("../../../src/content/access/site-content");

    const failures = await Promise.allSettled([
      (async () => siteQueries().listProjectSlugs())(),
      (async () => siteQueries().getPageStory("home"))(),
      (async () => siteQueries().getProjectStory(["atlas"]))(),
      (async () => siteQueries().getSiteConfig({ preview: true }))(),
    ]);
    for (const failure of failures) {
      expect(failure.status).toBe("rejected");
      const reason = (failure as PromiseRejectedResult).reason as Error;
      expect(reason.name).toBe("ContentConfigError");
      expect(reason.message).toMatch(/^CONTENT_SOURCE=storyblok needs STORYBLOK_TOKEN: set it to /);
    }
    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(String(errorLog.mock.calls[0]?.[0])).toContain("STORYBLOK_TOKEN");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a blank token counts as missing", async () => {
    vi.stubEnv("STORYBLOK_TOKEN", "   ");
    expect(() => readContentSource()).toThrow(ContentConfigError);
    expect(() => readContentSource()).toThrow(/STORYBLOK_TOKEN/);
  });
});
