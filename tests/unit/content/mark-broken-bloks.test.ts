import { describe, expect, it } from "vitest";
import { brokenProblems } from "../../../src/content/shaping/broken-blok";
import { markBrokenBloks } from "../../../src/content/shaping/mark-broken-bloks";
import { relationFieldsOf } from "../../../src/content/access/relation-fields";
import { PAGE_RELATIONS } from "../../../src/content/access/story-queries";

const relations = relationFieldsOf(PAGE_RELATIONS);

const link = (uid: string, label: unknown = "Read") => ({
  component: "link",
  _uid: uid,
  label,
  link: { id: "", url: "https://example.org", linktype: "url", fieldtype: "multilink", cached_url: "https://example.org" },
});

/** A page's content with `body`, as the data boundary copies it before marking. */
const page = (body: unknown[]) => ({ component: "page", _uid: "p", body });

describe("markBrokenBloks: what <Blocks> will skip, found where the story enters the site", () => {
  it("replaces a broken block by a marker with its name, uid, editor marker and why, and leaves valid ones as they are", () => {
    const valid = link("ok");
    const content = page([valid, { ...link("bad", 42), _editable: "<!--#storyblok#{}-->" }]);
    markBrokenBloks(content, relations);
    expect(content.body[0]).toBe(valid);
    expect(content.body[1]).toEqual({
      component: "link",
      _uid: "bad",
      _editable: "<!--#storyblok#{}-->",
      _broken: [expect.stringMatching(/label/)],
    });
  });

  it("marks the outermost broken block, as <Blocks> checks a block with all it holds", () => {
    const content = page([{ component: "links_container", _uid: "list", title: "Elsewhere", links: [{ component: "link", _uid: "x" }] }]);
    markBrokenBloks(content, relations);
    expect(content.body[0]).toMatchObject({ component: "links_container", _uid: "list" });
    expect(brokenProblems(content.body[0] as object)?.join(" ")).toMatch(/links\[0\]/);
  });

  it("finds broken blocks embedded in rich text", () => {
    const description = { type: "doc", content: [{ type: "blok", attrs: { id: "b", body: [link("bad", 42)] } }] };
    const content = { component: "project", _uid: "p", description };
    markBrokenBloks(content, relations);
    expect(brokenProblems(description.content[0]!.attrs.body[0] as object)).toBeDefined();
  });

  it("leaves the relations it is given alone: their stories are never rendered as blocks", () => {
    const related = { uuid: "r", full_slug: "projects/r", content: page([link("bad", 42)]) };
    const content = page([{ component: "card_list", _uid: "c", projects: [related] }]);
    const before = structuredClone(related);
    markBrokenBloks(content, relations);
    expect(related).toEqual(before);
  });

  it("keeps the marks and reasons of content checked before", () => {
    const content = page([link("bad", 42)]);
    markBrokenBloks(content, relations);
    const once = structuredClone(content);
    markBrokenBloks(content, relations);
    expect(content).toEqual(once);
  });

  it("leaves an unknown block to <Blocks>, which names it itself", () => {
    const unknown = { component: "carousel_3000", _uid: "u" };
    const content = page([unknown]);
    markBrokenBloks(content, relations);
    expect(content.body[0]).toBe(unknown);
  });
});
