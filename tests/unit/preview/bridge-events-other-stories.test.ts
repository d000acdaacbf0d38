/**
 * The page follows only the editor's events about its own story: an `input`
 * event carrying another story, or anything that is not an event object, is
 * ignored rather than shown or thrown on. Ids are compared as the editor sends
 * them (number or string), and nothing else passes for an id.
 */
import { describe, expect, it } from "vitest";
import { reactionTo } from "../../../src/preview/bridge-events";

const STORY_ID = 5;

describe("events that are ignored", () => {
  it.each([
    ["null", null],
    ["a string", "input"],
    ["a number", 5],
    ["input without a story", { action: "input" }],
    ["input with a null story", { action: "input", story: null }],
    ["input with a story that is a string", { action: "input", story: "5" }],
    ["input with another story", { action: "input", story: { id: 6 } }],
    ["input with an id in a list", { action: "input", story: { id: [5] } }],
    ["input with an id that is an object", { action: "input", story: { id: { toString: () => "5" } } }],
    ["change of another story", { action: "change", storyId: 6 }],
    ["change with an id in a list", { action: "change", storyId: [5] }],
    ["published without an id", { action: "published" }],
    ["an unknown action about our story", { action: "viewLiveVersion", storyId: 5 }],
  ])("%s", (_name, event) => {
    expect(reactionTo(event, STORY_ID)).toEqual({ kind: "ignore" });
  });
});

describe("events about our story", () => {
  it.each([
    ["input, id as a number", { action: "input", story: { id: 5, content: {} } }],
    ["input, id as a string", { action: "input", story: { id: "5", content: {} } }],
  ])("%s: applied", (_name, event) => {
    expect(reactionTo(event, STORY_ID)).toEqual({ kind: "apply", story: event.story });
  });

  it.each([
    ["change", { action: "change", storyId: 5 }],
    ["published, id as a string", { action: "published", storyId: "5" }],
  ])("%s: the page reloads", (_name, event) => {
    expect(reactionTo(event, STORY_ID)).toEqual({ kind: "reload" });
  });
});
