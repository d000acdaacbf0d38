/**
 * Replays real Storyblok responses (tests/fixtures/cdn, recorded by the
 * ruby and php clients): the recorded stories are served from files by the
 * local CDN, and its answers must equal the recorded bodies and headers.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { LocalCdnOptions } from "../../../src/content/sources/local-cdn/create-local-cdn";
import { makeContentDir, startCdn, type RunningCdn } from "./cdn-harness";

const FIXTURES = fileURLToPath(new URL("../../fixtures/cdn/", import.meta.url));
const recorded = (file: string) => JSON.parse(readFileSync(`${FIXTURES}${file}`, "utf8"));
const cassette = (file: string) => readFileSync(`${FIXTURES}storyblok-ruby-client/${file}`, "utf8");

/** A header's values in the order a cassette recorded them (the YAML lists one per line). */
function recordedHeader(yaml: string, name: string): string[] {
  const pattern = new RegExp(`^ {6}${name}:\\n((?: {6}- .*\\n)+)`, "gm");
  return [...yaml.matchAll(pattern)].map((m) =>
    m[1]!
      .trim()
      .replace(/^- /, "")
      .replace(/^'(.*)'$/, "$1"),
  );
}

interface Story {
  full_slug: string;
  uuid: string;
}

let cdn: RunningCdn | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cdn?.close();
  await cleanup?.();
  cdn = cleanup = undefined;
});

/** Serves the given recorded stories, one file each, as content/ would hold them. */
async function serveRecorded(stories: Story[], options: Partial<LocalCdnOptions> = {}): Promise<RunningCdn> {
  const files = Object.fromEntries(
    // Folder start pages have a trailing slash in full_slug ("article/").
    stories.map((s) => [`stories/${s.full_slug.endsWith("/") ? `${s.full_slug}index` : s.full_slug}.json`, s]),
  );
  const made = await makeContentDir(files);
  cleanup = made.cleanup;
  cdn = await startCdn(made.dir, options);
  return cdn;
}

const withoutCv = ({ cv: _cv, ...rest }: { cv: number }) => rest;

describe("replaying recorded responses", () => {
  it("lists stories in Storyblok's order with the recorded shape (php client: stories.json)", async () => {
    const expected = recorded("storyblok-php-client/stories.json");
    const server = await serveRecorded([...expected.stories].reverse());
    const response = await server.api("stories");
    expect(withoutCv(await response.json())).toEqual(withoutCv(expected));
    expect(response.headers.get("total")).toBe(String(expected.stories.length));
  });

  it("leaves out folder start pages with is_startpage=0 (php client: stories2.json)", async () => {
    const all = recorded("storyblok-php-client/stories.json");
    const server = await serveRecorded(all.stories);
    const body = await (await server.api("stories", { is_startpage: "0" })).json();
    expect(withoutCv(body)).toEqual(withoutCv(recorded("storyblok-php-client/stories2.json")));
  });

  it("finds a story by uuid (php client: storyByUuid.json)", async () => {
    const expected = recorded("storyblok-php-client/storyByUuid.json");
    const server = await serveRecorded(recorded("storyblok-php-client/stories.json").stories);
    const body = await (await server.api(`stories/${expected.story.uuid}`, { find_by: "uuid" })).json();
    expect(withoutCv(body)).toEqual(withoutCv(expected));
  });

  it("sends rels for resolve_relations (php client: stories-relations.json)", async () => {
    const expected = recorded("storyblok-php-client/stories-relations.json");
    const server = await serveRecorded([expected.story, ...expected.rels]);
    const body = await (await server.api("stories/home", { resolve_relations: "popular-articles.articles" })).json();
    expect(withoutCv(body)).toEqual(withoutCv(expected));
  });

  it("redirects cv=0 to the current cv, then answers as recorded (ruby client: story by slug)", async () => {
    const expected = recorded("storyblok-ruby-client/v2-published-story-by-slug-301-then-200.1.200.json");
    const yaml = cassette("v2-published-story-by-slug-301-then-200.yml");
    const server = await serveRecorded([expected.story]);
    const redirect = await server.api("stories/simple_content", { cv: "0", version: "published" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("cache-control")).toBe(recordedHeader(yaml, "Cache-Control")[0]);
    const response = await fetch(redirect.headers.get("location")!);
    expect(response.headers.get("cache-control")).toBe(recordedHeader(yaml, "Cache-Control")[1]);
    expect(withoutCv(await response.json())).toEqual(withoutCv(expected));
  });

  it("resolves relations as recorded (ruby client: resolve_relations)", async () => {
    const expected = recorded("storyblok-ruby-client/v2-published-resolve_relations.1.200.json");
    const server = await serveRecorded([expected.story, ...expected.rels]);
    const body = await (
      await server.api("stories/content-resolve-relations", { resolve_relations: "options-list.options", version: "published" })
    ).json();
    expect(withoutCv(body)).toEqual(withoutCv(expected));
  });

  it("resolves links as recorded (ruby client: resolve_links=1)", async () => {
    const expected = recorded("storyblok-ruby-client/v2-published-resolve_links.1.200.json");
    const server = await serveRecorded([expected.story, ...expected.links]);
    const body = await (await server.api("stories/content-resolve-links", { resolve_links: "1", version: "published" })).json();
    expect(withoutCv(body)).toEqual(withoutCv(expected));
  });

  it("sends url objects for resolve_links=url and Links API link objects for resolve_links=link", async () => {
    const expected = recorded("storyblok-ruby-client/v2-published-resolve_links.1.200.json");
    const server = await serveRecorded([expected.story, ...expected.links]);
    const linked = expected.links[0];
    const get = async (resolve_links: string) =>
      (await (await server.api("stories/content-resolve-links", { resolve_links, version: "published" })).json()).links;
    expect(await get("url")).toEqual([
      { name: linked.name, id: linked.id, uuid: linked.uuid, slug: linked.slug, url: linked.full_slug, full_slug: linked.full_slug },
    ]);
    expect(await get("link")).toEqual([
      {
        id: linked.id,
        uuid: linked.uuid,
        slug: linked.full_slug,
        path: null,
        parent_id: null,
        name: linked.name,
        is_folder: false,
        published: true,
        is_startpage: false,
        position: linked.position,
        real_path: `/${linked.full_slug}`,
      },
    ]);
  });

  it("writes draft _editable comments exactly as recorded (ruby client: draft list)", async () => {
    const expected = recorded("storyblok-ruby-client/v2-us-draft-stories-list-with-editable.0.200.json");
    const yaml = cassette("v2-us-draft-stories-list-with-editable.yml");
    // Serve the recorded story without its _editable comments; the CDN must add them back identically.
    const strip = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(strip)
        : typeof value === "object" && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([k]) => k !== "_editable")
                .map(([k, v]) => [k, strip(v)]),
            )
          : value;
    // The recording came from space 1000126.
    const server = await serveRecorded([strip(expected.stories[0]) as Story], { spaceId: "1000126" });
    const response = await server.previewApi("stories", { version: "draft" });
    const text = await response.text();
    expect(withoutCv(JSON.parse(text))).toEqual(withoutCv(expected));
    expect(response.headers.get("cache-control")).toBe(recordedHeader(yaml, "Cache-Control")[0]);
    // Byte-level too: Storyblok (Rails) escapes < and > inside JSON strings.
    expect(text).toContain('"_editable":"\\u003c!--#storyblok#{\\"name\\": \\"teaser\\"');
  });

  it("answers a wrong token with the recorded 401 body and Cache-Control", async () => {
    const yaml = cassette("v1-401-unauthorized.yml");
    const server = await serveRecorded([]);
    const response = await fetch(`${server.url}/v2/cdn/stories/content-resolve-relations?token=wrong`);
    expect(response.status).toBe(401);
    // The cassette's last body string is the response's (the first is the empty request body).
    const recordedBody = [...yaml.matchAll(/^ {6}string: '(.*)'$/gm)].at(-1)![1];
    expect(await response.text()).toBe(recordedBody);
    expect(response.headers.get("cache-control")).toBe(recordedHeader(yaml, "Cache-Control")[0]);
  });
});
