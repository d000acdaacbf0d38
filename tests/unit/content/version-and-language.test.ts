/** The version every query asks for (published unless preview is explicitly on) and `language` passed through, over HTTP. */
import { beforeAll, describe, expect, it } from "vitest";
import { createContentQueries, requestParams, type ContentQueries } from "../../../src/content/access/content-queries";
import { contentVersion } from "../../../src/content/access/content-version";
import { projectStory, serveForSuite, storyFiles } from "./cdn-harness";

describe("contentVersion", () => {
  const cases: [string, Parameters<typeof contentVersion>[0], "published" | "draft"][] = [
    ["no options", undefined, "published"],
    ["empty options", {}, "published"],
    ["preview false", { preview: false }, "published"],
    ["preview undefined", { preview: undefined }, "published"],
    // Only an explicit `true` counts: a truthy value from a query string is not preview mode.
    ["preview 'true' (a string)", { preview: "true" as unknown as boolean }, "published"],
    ["preview true", { preview: true }, "draft"],
  ];
  it.each(cases)("%s → %s", (_name, options, want) => {
    expect(contentVersion(options)).toBe(want);
  });

  it("requestParams sends the language only when one is asked for", () => {
    expect(requestParams()).toEqual({ version: "published" });
    expect(requestParams({ language: "de", preview: true })).toEqual({ version: "draft", language: "de" });
  });
});

describe("queries ask for the chosen version and language", () => {
  const published = projectStory("projects/alpha", {}, { title: "Alpha (published)" });
  const draftOfPublished = { ...published, content: { ...published.content, title: "Alpha (draft)" } };
  const neverPublished = projectStory("projects/beta", { published_at: null, first_published_at: null });
  const site = projectStory("site", {}, { component: "site_config", site_name: "Elena Varga" });
  const served = serveForSuite({
    ...storyFiles([published, neverPublished, site]),
    "drafts/projects/alpha.json": draftOfPublished,
  });
  let queries: ContentQueries;
  beforeAll(() => {
    queries = createContentQueries(served.cdn.client(), served.cdn.previewClient());
  });

  function lastRequest(): URLSearchParams {
    const last = served.cdn.requests.at(-1);
    if (!last) throw new Error("no request reached the server");
    return last.url.searchParams;
  }

  it("published by default", async () => {
    expect((await queries.getProjectStory(["alpha"]))?.content.title).toBe("Alpha (published)");
    expect(lastRequest().get("version")).toBe("published");
    expect(await queries.getProjectStory(["beta"])).toBeNull();
  });

  it("draft only with preview: true", async () => {
    expect((await queries.getProjectStory(["alpha"], { preview: true }))?.content.title).toBe("Alpha (draft)");
    expect(lastRequest().get("version")).toBe("draft");
    expect((await queries.getProjectStory(["beta"], { preview: true }))?.full_slug).toBe("projects/beta");
    expect(await queries.listProjectSlugs({ preview: true })).toEqual(expect.arrayContaining([["alpha"], ["beta"]]));
    expect(await queries.listProjectSlugs()).toEqual([["alpha"]]);
  });

  it("passes language through on every query, and sends none by default", async () => {
    await queries.getSiteConfig({ language: "de" });
    expect(lastRequest().get("language")).toBe("de");
    await queries.getPageStory("home", { language: "de" });
    expect(lastRequest().get("language")).toBe("de");
    await queries.getProjectStory(["alpha"], { language: "fr", preview: true });
    expect(lastRequest().get("language")).toBe("fr");
    await queries.listProjectSlugs({ language: "it" });
    expect(lastRequest().get("language")).toBe("it");
    await queries.getSiteConfig({ preview: true });
    expect(lastRequest().has("language")).toBe(false);
  });
});

describe("a project page in another language", () => {
  const alpha = projectStory("projects/alpha", {}, { title: "Alpha", title__i18n__nl: "Alfa" });
  const served = serveForSuite({
    ...storyFiles([alpha]),
    "space/space.json": { space: { name: "Two languages", languages: [{ code: "nl", name: "Nederlands" }], default_lang_name: "English" } },
  });

  it("comes from the language's listing, as the default language's does: no request per project", async () => {
    const queries = createContentQueries(served.cdn.client(), served.cdn.previewClient());
    expect((await queries.getProjectStory(["alpha"], { language: "nl" }))?.content.title).toBe("Alfa");
    const before = served.cdn.requests.length;
    expect((await queries.getProjectStory(["alpha"], { language: "nl" }))?.content.title).toBe("Alfa");
    expect(served.cdn.requests.slice(before).map((request) => request.url.pathname)).toEqual([]);
    // One listing for the language, no story fetched by its slug.
    expect(served.cdn.requests.filter((request) => request.url.pathname.endsWith("/projects/alpha"))).toEqual([]);
  });
});
