import { afterEach, describe, expect, it, vi } from "vitest";
import { liveProps } from "../../../src/preview/page-preview";

/** Live editing follows story files on disk: `next dev` on the embedded content only, never a production server. */
describe("liveProps", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is on in next dev on the embedded content", () => {
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("CONTENT_SOURCE", "local");
    expect(liveProps("projects/atlas")).toEqual({ fullSlug: "projects/atlas" });
  });

  it.each([
    ["production", "local"],
    ["test", "local"],
    ["development", "storyblok"],
  ])("is off with NODE_ENV=%s and CONTENT_SOURCE=%s", (nodeEnv, source) => {
    vi.stubEnv("NODE_ENV", nodeEnv);
    vi.stubEnv("CONTENT_SOURCE", source);
    vi.stubEnv("STORYBLOK_TOKEN", "public");
    expect(liveProps("projects/atlas")).toBeUndefined();
  });

  it("is off when the content source is misconfigured", () => {
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("CONTENT_SOURCE", "somewhere-else");
    expect(liveProps("home")).toBeUndefined();
  });
});
