/**
 * The route table (src/routes/site-routes.ts): addresses to pages and back,
 * stories to their pages, and the routes the editor's rewrites and the page
 * gate derive from it, as the site served them when each was written out
 * by hand.
 */
import { describe, expect, it } from "vitest";
import { editorRewrites } from "../../../src/preview/preview-entry";
import { editorRoutes, folderPage, pageAt, pageOfStory, pagePath, storyPagePath } from "../../../src/routes/site-routes";

describe("the route table", () => {
  it.each<[string[], string | undefined]>([
    [[], "/"],
    [["projects", "fieldnotes"], "/projects/fieldnotes"],
    [["projects", "2024", "atlas"], "/projects/2024/atlas"],
    [["projects"], undefined],
    [["projects", ""], undefined],
    [["projects", "fieldnotes?version=draft"], undefined],
    [["projects", ".."], undefined],
    [["projects", "2024", "", "atlas"], undefined],
    [["home"], undefined],
    [["other"], undefined],
    [["contact"], undefined],
  ])("the page at %j is %s", (segments, path) => {
    const page = pageAt(segments);
    expect(page && pagePath(page)).toBe(path);
  });

  it("a project's slug is checked as a Storyblok slug under its folder", () => {
    expect(folderPage("project", ["atlas"])).toEqual({ kind: "project", segments: ["atlas"] });
    expect(folderPage("project", [])).toBeUndefined();
    expect(folderPage("project", ["a".repeat(246)])).toBeDefined();
    // `projects/` and the slug: 256 characters, one over Storyblok's limit as story-slug.ts keeps it.
    expect(folderPage("project", ["a".repeat(247)])).toBeUndefined();
  });

  it.each<[string, string | undefined]>([
    ["home", "/"],
    ["projects/atlas", "/projects/atlas"],
    ["projects/2024/atlas", "/projects/2024/atlas"],
    ["projects/", undefined],
    ["projects", undefined],
    ["site", undefined],
    ["about", undefined],
  ])("the story %s has the page %s", (fullSlug, path) => {
    expect(storyPagePath(fullSlug)).toBe(path);
    expect(pageOfStory(fullSlug)?.kind).toBe(path === undefined ? undefined : path === "/" ? "home" : "project");
  });

  it("the editor's page is where every page route is rewritten to", () => {
    expect(editorRoutes()).toEqual([
      { source: "/", destination: "/editor" },
      { source: "/projects/:path+", destination: "/editor/projects/:path+" },
    ]);
    expect(editorRewrites().map(({ source, destination }) => ({ source, destination }))).toEqual(editorRoutes());
  });
});
