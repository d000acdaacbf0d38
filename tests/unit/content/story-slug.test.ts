/**
 * A page's path segments reach the content API only when they can be a
 * Storyblok slug, encoded. Each address below is split and decoded the way
 * Next.js hands `[...slug]` its params; every refused one must end in null
 * with no request at the local CDN (counted over HTTP, real client).
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { encodeStorySlug, isStorySlug, MAX_FULL_SLUG_LENGTH } from "../../../src/content/access/story-slug";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "./cdn-harness";

/** The segments after `/projects/` as Next.js passes them: split at `/`, each percent-decoded once. */
function segmentsOf(address: string): string[] {
  return address
    .replace(/^\/projects\//, "")
    .split("/")
    .map(decodeURIComponent);
}

const LONG = "a".repeat(MAX_FULL_SLUG_LENGTH);

/** [what, address or raw segments] — none can be a Storyblok slug. */
const refused: [string, string | string[]][] = [
  ["an encoded ? adding query parameters", "/projects/fieldnotes%3Fversion%3Ddraft%26r%3D1"],
  ["a lower-case escape (%3f)", "/projects/fieldnotes%3fversion%3ddraft"],
  ["an encoded #", "/projects/fieldnotes%23version=draft"],
  ["an encoded ;", "/projects/fieldnotes%3Bversion%3Ddraft"],
  ["an encoded &", "/projects/fieldnotes%26version%3Ddraft"],
  ["an encoded =", "/projects/version%3Ddraft"],
  ["an encoded / inside a segment", "/projects/2024%2Fatlas"],
  ["an encoded % (%25)", "/projects/%25"],
  ["a malformed escape left as is", ["%"]],
  ["%25 before hex digits", "/projects/fieldnotes%253Fversion%253Ddraft"],
  ["double encoding (%253F)", "/projects/fieldnotes%253F"],
  ["..", "/projects/.."],
  ["the parent of a story", "/projects/2024/../fieldnotes"],
  [".", "/projects/./fieldnotes"],
  ["a dot inside a segment", "/projects/fieldnotes.json"],
  ["an empty segment", "/projects/2024//atlas"],
  ["a trailing empty segment", "/projects/fieldnotes/"],
  ["no segment at all", []],
  ["unicode", "/projects/fi%C3%A9ldnotes"],
  ["unicode that looks like ASCII (Cyrillic а)", "/projects/%D0%B0tlas"],
  ["a full-width letter", "/projects/%EF%BD%86ieldnotes"],
  ["NUL", "/projects/fieldnotes%00"],
  ["a space", "/projects/field%20notes"],
  ["a tab", "/projects/field%09notes"],
  ["a newline", "/projects/fieldnotes%0Aversion=draft"],
  ["a plus sign", "/projects/field+notes"],
  ["a backslash", "/projects/..%5Cfieldnotes"],
  ["over-long", ["a".repeat(MAX_FULL_SLUG_LENGTH + 1)]],
  ["over-long in total across segments", [LONG.slice(0, 150), LONG.slice(0, 150)]],
];

/** [what, segments] that are slugs: reach the API (and answer what it has). */
const accepted: [string, string[]][] = [
  ["a slug", ["fieldnotes"]],
  ["a nested slug with digits", ["2024", "atlas"]],
  ["hyphen and underscore", ["klei-atelier_2"]],
  // Storyblok's default slug characters include A-Z (see src/content/access/story-slug.ts).
  ["upper case", ["FieldNotes"]],
  ["the longest allowed", ["a".repeat(MAX_FULL_SLUG_LENGTH - "projects/".length)]],
];

describe("isStorySlug and encodeStorySlug", () => {
  it.each(refused)("refuse %s", (_what, address) => {
    const segments = typeof address === "string" ? segmentsOf(address) : address;
    expect(isStorySlug(segments)).toBe(false);
    expect(encodeStorySlug(segments)).toBeNull();
  });

  it.each(accepted)("accept %s", (_what, segments) => {
    expect(isStorySlug(segments)).toBe(true);
    expect(encodeStorySlug(segments)).toBe(segments.join("/"));
  });

  it("refuses a full slug of digits only, which the API would read as a story id", () => {
    expect(encodeStorySlug(["12345"])).toBeNull();
    expect(encodeStorySlug(["2024", "12345"])).toBe("2024/12345");
  });

  it("accepts the full_slug of every story and draft in content/", async () => {
    const files = await jsonFilesUnder(join(EMBEDDED_CONTENT, "stories"), join(EMBEDDED_CONTENT, "drafts"));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const story = JSON.parse(await readFile(file, "utf8")) as { full_slug: string; slug: string };
      expect({ file: relative(EMBEDDED_CONTENT, file), valid: isStorySlug(story.full_slug.split("/")) }).toEqual({
        file: relative(EMBEDDED_CONTENT, file),
        valid: true,
      });
    }
  });
});

describe("queries refuse them before any content request", () => {
  let cdn: RunningCdn;
  beforeAll(async () => {
    cdn = await startCdn(EMBEDDED_CONTENT);
  });
  afterAll(() => cdn.close());

  /** A fresh process's queries: nothing listed or cached yet, so a lookup would have to ask the CDN. */
  const freshQueries = () => createContentQueries(cdn.client(), cdn.previewClient());

  it.each(refused)("getProjectStory: %s → null, no request", async (_what, address) => {
    const segments = typeof address === "string" ? segmentsOf(address) : address;
    const before = cdn.requests.length;
    expect(await freshQueries().getProjectStory(segments)).toBeNull();
    expect(await freshQueries().getProjectStory(segments, { preview: true })).toBeNull();
    expect(cdn.requests.slice(before).map((r) => r.url.href)).toEqual([]);
  });

  // getPageStory takes a full slug, where `/` does separate segments: the cases with a `/` inside one are the project pages'.
  const refusedFullSlugs = refused.filter(
    ([, address]) => !(typeof address === "string" ? segmentsOf(address) : address).some((s) => s.includes("/")),
  );
  it.each(refusedFullSlugs)("getPageStory: %s → null, no request", async (_what, address) => {
    const segments = typeof address === "string" ? segmentsOf(address) : address;
    const before = cdn.requests.length;
    expect(await freshQueries().getPageStory(segments.join("/"))).toBeNull();
    expect(await freshQueries().getPageStory(segments.join("/"), { preview: true })).toBeNull();
    expect(cdn.requests.slice(before).map((r) => r.url.href)).toEqual([]);
  });

  it("getProjectStory counts projects/ in the length cap", async () => {
    const before = cdn.requests.length;
    expect(await freshQueries().getProjectStory(["a".repeat(MAX_FULL_SLUG_LENGTH - "projects/".length + 1)])).toBeNull();
    expect(cdn.requests.length).toBe(before);
  });

  it("getPageStory with a bare number does not look a story up by id", async () => {
    const before = cdn.requests.length;
    expect(await freshQueries().getPageStory("1001")).toBeNull();
    expect(cdn.requests.length).toBe(before);
  });

  it.each(accepted)("%s reaches the API, at the path it names", async (_what, segments) => {
    const queries = freshQueries();
    const before = cdn.requests.length;
    await queries.getProjectStory(segments, { preview: true });
    expect(cdn.requests.slice(before).map((r) => r.url.pathname)).toEqual([`/v2/cdn/stories/projects/${segments.join("/")}`]);
  });

  it("the attack of issue 20: the published headline, or nothing; never the draft", async () => {
    const queries = freshQueries();
    expect((await queries.getProjectStory(["fieldnotes"]))?.content.title).toBe(
      "Fieldnotes: an offline-first notebook for field ecologists",
    );
    const before = cdn.requests.length;
    expect(await queries.getProjectStory(segmentsOf("/projects/fieldnotes%3Fversion%3Ddraft%26r%3D1"))).toBeNull();
    expect(cdn.requests.length).toBe(before);
  });
});

describe("the local CDN answers a malformed escape in its path with 404, never a 500", () => {
  let cdn: RunningCdn;
  beforeAll(async () => {
    cdn = await startCdn(EMBEDDED_CONTENT);
  });
  afterAll(() => cdn.close());

  it.each(["%", "%zz", "projects/%E0%A4%A", "projects/fieldnotes%"])("GET /v2/cdn/stories/%s", async (path) => {
    const response = await fetch(`${cdn.url}/v2/cdn/stories/${path}?token=${cdn.token}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(["This record could not be found"]);
  });
});

async function jsonFilesUnder(...dirs: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const dir of dirs) {
    for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && entry.name.endsWith(".json")) found.push(join(entry.parentPath, entry.name));
    }
  }
  return found;
}
