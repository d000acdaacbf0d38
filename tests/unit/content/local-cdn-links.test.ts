/**
 * `GET /v2/cdn/links` of the local content API over HTTP: the map keyed by
 * uuid that Storyblok answers (its OpenAPI description,
 * packages/openapi/resources/capi/links/main.yaml), paged up to 1,000 a
 * page with `total` and `per-page`, by version, `starts_with` and
 * `include_dates`; and read by the real storyblok-js-client's `getAll`, as
 * the site's page gate reads it.
 */
import { describe, expect, it } from "vitest";
import { projectStory, serveStoriesForSuite } from "./cdn-harness";

const published = Array.from({ length: 1203 }, (_, n) => projectStory(`projects/p${String(n).padStart(4, "0")}`));
const draftOnly = projectStory("projects/draft-only", { published_at: null, first_published_at: null });
const home = projectStory("home", { is_startpage: false }, { component: "page", body: [] });
const suite = serveStoriesForSuite([home, draftOnly, ...published]);

interface Link {
  id: number;
  uuid: string;
  slug: string;
  published: boolean;
  is_folder: boolean;
  real_path: string;
  parent_id: number | null;
  published_at?: string;
}

async function links(params: Record<string, string>, preview = false) {
  const { cdn } = suite;
  const response = await (preview ? cdn.previewApi("links", params) : cdn.api("links", params));
  const body = (await response.json()) as { links: Record<string, Link>; cv: number };
  return { response, body, list: Object.values(body.links) };
}

describe("cdn/links", () => {
  it("a page of links keyed by uuid, 25 by default, with total and per-page", async () => {
    const { response, body, list } = await links({});
    expect(response.status).toBe(200);
    expect(response.headers.get("total")).toBe("1204");
    expect(response.headers.get("per-page")).toBe("25");
    expect(list).toHaveLength(25);
    expect(typeof body.cv).toBe("number");
    for (const [uuid, link] of Object.entries(body.links)) expect(link.uuid).toBe(uuid);
    const first = body.links[home.uuid]!;
    expect(first).toEqual({
      id: home.id,
      uuid: home.uuid,
      slug: "home",
      path: null,
      parent_id: null,
      name: home.name,
      is_folder: false,
      published: true,
      is_startpage: false,
      position: 0,
      real_path: "/home",
    });
  });

  it("up to 1,000 a page; a larger per_page is cut to 1,000; the last page holds the rest", async () => {
    const big = await links({ per_page: "5000" });
    expect(big.response.headers.get("per-page")).toBe("1000");
    expect(big.list).toHaveLength(1000);
    const last = await links({ per_page: "1000", page: "2" });
    expect(last.list).toHaveLength(204);
    const slugs = new Set([...big.list, ...last.list].map((link) => link.slug));
    expect(slugs.size).toBe(1204);
    expect(slugs.has("projects/draft-only")).toBe(false);
  });

  it("starts_with narrows by full slug; version=draft lists unpublished stories, marked so; include_dates adds the dates", async () => {
    const narrowed = await links({ starts_with: "projects/p000", per_page: "100" });
    expect(narrowed.list.map((link) => link.slug)).toEqual(Array.from({ length: 10 }, (_, n) => `projects/p000${n}`));
    const drafts = await links({ version: "draft", starts_with: "projects/draft", per_page: "100" }, true);
    expect(drafts.list).toEqual([expect.objectContaining({ slug: "projects/draft-only", published: false })]);
    const dated = await links({ starts_with: "home", include_dates: "1" });
    expect(dated.list[0]).toMatchObject({ published_at: home.published_at, created_at: home.created_at });
  });

  it("drafts need the preview token, as stories do; an unknown token is 401", async () => {
    const { cdn } = suite;
    expect((await cdn.api("links", { version: "draft" })).status).toBe(401);
    expect((await cdn.api("links", { token: "nope" })).status).toBe(401);
  });

  it("storyblok-js-client's getAll reads every page: 1,204 links in two requests of 1,000", async () => {
    const { cdn } = suite;
    const before = cdn.requests.length;
    const all = (await cdn.client().getAll("cdn/links", { version: "published", per_page: 1000 })) as Link[];
    expect(all).toHaveLength(1204);
    expect(cdn.requests.slice(before).map((request) => request.url.pathname)).toEqual(["/v2/cdn/links", "/v2/cdn/links"]);
  });
});
