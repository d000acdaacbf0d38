/** The page queries on the embedded content, in-process and over HTTP, and the content-source configuration. */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createContentClient } from "../../../src/content/access/client";
import { createContentQueries, type ContentQueries } from "../../../src/content/access/content-queries";
import { ContentConfigError, readContentSource } from "../../../src/content/sources/content-source";
import { EMBEDDED_CONTENT, projectStory, serveForSuite, storyFiles } from "./cdn-harness";

describe("queries on the embedded content, in-process", () => {
  const queries = createContentQueries(createContentClient({ source: { kind: "local", dir: EMBEDDED_CONTENT, token: "local" } }));

  it("getPageStory resolves card_list and single_card projects into stories", async () => {
    const home = await queries.getPageStory("home");
    expect(home?.content.component).toBe("page");
    const body = home?.content.body ?? [];
    const cardList = body.find((b) => b.component === "card_list");
    const singleCard = body.find((b) => b.component === "single_card");
    if (cardList?.component !== "card_list" || singleCard?.component !== "single_card") throw new Error("home lacks its cards");
    expect(cardList.projects?.map((p) => p.content.component)).toEqual(cardList.projects?.map(() => "project"));
    const featured = singleCard.project;
    if (!featured) throw new Error("single_card.project was not resolved");
    expect(featured.full_slug).toBe("projects/2024/atlas");
    // Level 2: the related projects of a related project are stories too.
    expect(featured.content.related?.map((r) => r.full_slug)).toEqual(["projects/tidewater", "projects/fieldnotes"]);
  });

  it("getProjectStory reads nested slugs and answers null for a missing one", async () => {
    expect((await queries.getProjectStory(["2024", "atlas"]))?.content.title).toMatch(/^Atlas/);
    expect(await queries.getProjectStory(["no-such-project"])).toBeNull();
  });

  it("getPageStory answers null for a story of another content type", async () => {
    expect(await queries.getPageStory("projects/tidewater")).toBeNull();
  });

  it("getSiteConfig returns the site story with header and footer", async () => {
    const site = await queries.getSiteConfig();
    expect(site?.full_slug).toBe("site");
    expect(site?.content.header?.[0]?.component).toBe("header_container");
    expect(site?.content.footer?.[0]?.contact_fields?.map((f) => f.name)).toEqual(["name", "email", "website", "message", "consent"]);
  });

  it("storyOfPage and storiesOfKind ask each page kind of the route table for its stories", async () => {
    expect((await queries.storyOfPage({ kind: "home" }))?.full_slug).toBe("home");
    expect((await queries.storyOfPage({ kind: "project", segments: ["2024", "atlas"] }))?.full_slug).toBe("projects/2024/atlas");
    expect(await queries.storyOfPage({ kind: "project", segments: ["no-such-project"] })).toBeNull();
    expect((await queries.storiesOfKind("home")).map((story) => story.full_slug)).toEqual(["home"]);
    expect((await queries.storiesOfKind("project")).map((story) => story.full_slug).sort()).toEqual(
      (await queries.listProjectStories()).map((story) => story.full_slug).sort(),
    );
  });

  it("listProjectSlugs gives the segments after projects/", async () => {
    expect((await queries.listProjectSlugs()).sort()).toEqual(
      [["2024", "atlas"], ["fieldnotes"], ["klei-atelier"], ["ledger-lane"], ["tidewater"]].sort(),
    );
  });
});

describe("listProjectSlugs over HTTP", () => {
  const projects = Array.from({ length: 230 }, (_, i) => projectStory(`projects/${i < 10 ? "2023/" : ""}p${i}`));
  const served = serveForSuite(storyFiles([...projects, projectStory("about", {}, { component: "page" })]));
  let queries: ContentQueries;
  beforeAll(() => {
    queries = createContentQueries(served.cdn.client());
  });

  it("follows total / per-page through every page, 100 at a time", async () => {
    const before = served.cdn.requests.length;
    const slugs = await queries.listProjectSlugs();
    expect(slugs).toHaveLength(230);
    expect(slugs).toContainEqual(["2023", "p3"]);
    const pages = served.cdn.requests.slice(before).map((r) => r.url.searchParams.get("page"));
    expect(pages.sort()).toEqual(["1", "2", "3"]);
  });
});

describe("content source", () => {
  it("defaults to the embedded content with the local public and preview tokens", () => {
    expect(readContentSource({})).toMatchObject({ kind: "local", token: "local", previewToken: "local-preview" });
  });

  it("takes the preview token from STORYBLOK_PREVIEW_TOKEN, and none without it", () => {
    const env = { CONTENT_SOURCE: "storyblok", STORYBLOK_TOKEN: "public-abc" };
    expect(readContentSource({ ...env, STORYBLOK_PREVIEW_TOKEN: " preview-def " })).toMatchObject({
      token: "public-abc",
      previewToken: "preview-def",
    });
    expect(readContentSource(env)).not.toHaveProperty("previewToken");
  });

  it("refuses a STORYBLOK_TOKEN equal to STORYBLOK_PREVIEW_TOKEN: the public pages must not hold a token that reads drafts", () => {
    const env = { CONTENT_SOURCE: "storyblok", STORYBLOK_TOKEN: "same", STORYBLOK_PREVIEW_TOKEN: "same" };
    expect(() => readContentSource(env)).toThrow(ContentConfigError);
    expect(() => readContentSource(env)).toThrow(/STORYBLOK_TOKEN is the same as STORYBLOK_PREVIEW_TOKEN/);
  });

  it("reads the Storyblok token, region and API URL", () => {
    expect(
      readContentSource({
        CONTENT_SOURCE: "storyblok",
        STORYBLOK_TOKEN: "abc",
        STORYBLOK_REGION: "us",
        STORYBLOK_API_URL: "https://proxy.example/v2/",
      }),
    ).toEqual({ kind: "storyblok", token: "abc", region: "us", endpoint: "https://proxy.example/v2" });
  });

  it("fails with one error naming STORYBLOK_TOKEN, before any client or request exists", () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const create = () => createContentClient({ source: readContentSource({ CONTENT_SOURCE: "storyblok" }), fetch: fetchSpy });
    expect(create).toThrow(ContentConfigError);
    expect(create).toThrow(/STORYBLOK_TOKEN/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("rejects an unknown CONTENT_SOURCE", () => {
    expect(() => readContentSource({ CONTENT_SOURCE: "contentful" })).toThrow(/CONTENT_SOURCE must be "local" or "storyblok"/);
  });
});
