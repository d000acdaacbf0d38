/**
 * Which story in the space counts as the one a push would write: only the
 * fields the push sets are compared, "nothing" is equal however the space
 * spells it, and the same moment is equal however it is written.
 */
import { describe, expect, it } from "vitest";
import { differingFields, sameJson, storyMatches } from "../../../tools/space-push/same-story";
import type { SpaceStory, StoryBody } from "../../../tools/space-push/space-api";
import { spaceStory } from "./space-story";

const space = spaceStory;
/** The space's story without a field at all (as the space leaves out what it has no value for). */
const spaceWithout = (field: string, fields: Record<string, unknown> = {}): SpaceStory => {
  const story: Record<string, unknown> = space(fields);
  delete story[field];
  return story as SpaceStory;
};
const body = (fields: Partial<StoryBody> = {}): StoryBody => ({ name: "A", slug: "a", parent_id: 0, ...fields });

describe("the fields a push would change", () => {
  it("are none when a field the body leaves undefined differs in the space", () => {
    expect(differingFields(body({ position: undefined }), space({ position: 5 }))).toEqual([]);
  });

  it("are named, in the body's order", () => {
    expect(differingFields(body({ name: "B", position: 1, path: "/b" }), space({ position: 2 }))).toEqual(["name", "position", "path"]);
  });

  it("count is_startpage and is_folder false or missing as the same, true as different", () => {
    expect(differingFields(body({ is_startpage: false, is_folder: false }), spaceWithout("is_folder"))).toEqual([]);
    expect(differingFields(body({ is_startpage: false, is_folder: false }), space({ is_startpage: null }))).toEqual([]);
    expect(differingFields(body({ is_startpage: true, is_folder: true }), spaceWithout("is_folder"))).toEqual([
      "is_startpage",
      "is_folder",
    ]);
    expect(differingFields(body({ is_startpage: true }), space({ is_startpage: false }))).toEqual(["is_startpage"]);
    expect(differingFields(body({ is_startpage: true, is_folder: true }), space({ is_startpage: true, is_folder: true }))).toEqual([]);
  });

  it("count null, an empty string and a missing field as the same nothing", () => {
    expect(differingFields(body({ path: null, sort_by_date: null }), spaceWithout("path", { sort_by_date: "" }))).toEqual([]);
    expect(differingFields(body({ path: "" }), space({ path: null }))).toEqual([]);
    expect(differingFields(body({ path: null }), space({ path: "/" }))).toEqual(["path"]);
  });

  it("count first_published_at the same moment however it is written, and no other field as a date", () => {
    expect(
      differingFields(body({ first_published_at: "2024-03-01T10:00:00.000Z" }), space({ first_published_at: "2024-03-01T10:00:00Z" })),
    ).toEqual([]);
    expect(
      differingFields(body({ first_published_at: "2024-03-01T10:00:00.000Z" }), space({ first_published_at: "2024-03-01T10:00:01Z" })),
    ).toEqual(["first_published_at"]);
    expect(differingFields(body({ name: "2024", slug: "2024" }), space({ name: "2024-01-01", slug: "2024-01-01T00:00:00Z" }))).toEqual([
      "name",
      "slug",
    ]);
    expect(differingFields(body({ first_published_at: "not a date" }), space({ first_published_at: "not a date" }))).toEqual([]);
  });

  it("make the story match only when there are none", () => {
    expect(storyMatches(body({ tag_list: [] }), space({ tag_list: null }))).toBe(true);
    expect(storyMatches(body({ tag_list: ["a"] }), space({ tag_list: null }))).toBe(false);
  });
});

describe("JSON equality", () => {
  it("tells an array from an object, whatever their contents", () => {
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({}, [])).toBe(false);
    expect(sameJson({ 0: "a" }, ["a"])).toBe(false);
  });

  it("tells arrays of different lengths apart, also when one starts the other", () => {
    expect(sameJson([1], [1, 2])).toBe(false);
    expect(sameJson([1, 2], [1])).toBe(false);
    expect(sameJson([1, [2]], [1, [2]])).toBe(true);
  });

  it("counts a key holding undefined as no key, on either side", () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
  });
});
