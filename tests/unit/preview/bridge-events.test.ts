import { describe, expect, it } from "vitest";
import { reactionTo } from "../../../src/preview/bridge-events";

const OPEN = 512004204;

describe("reactionTo (the editor's messages, as @storyblok/js handles them)", () => {
  it.each([
    ["input for the open story", { action: "input", story: { id: OPEN, content: {} } }, "apply"],
    ["input with the id as a string", { action: "input", story: { id: String(OPEN), content: {} } }, "apply"],
    ["change for the open story", { action: "change", storyId: OPEN }, "reload"],
    ["published for the open story", { action: "published", storyId: String(OPEN) }, "reload"],
    ["input for another story", { action: "input", story: { id: OPEN + 1, content: {} } }, "ignore"],
    ["change for another story", { action: "change", storyId: OPEN + 1 }, "ignore"],
    ["published for another story", { action: "published", storyId: "1" }, "ignore"],
    ["input without a story", { action: "input" }, "ignore"],
    ["an event the page does not follow", { action: "enterEditmode", storyId: OPEN }, "ignore"],
    ["unpublished", { action: "unpublished", storyId: OPEN }, "ignore"],
    ["not an object", "input", "ignore"],
    ["null", null, "ignore"],
  ])("%s → %s", (_name, event, kind) => {
    expect(reactionTo(event, OPEN).kind).toBe(kind);
  });
});
