/**
 * What the page does with a message from the Visual Editor, as Storyblok's
 * SDKs do it: `input` for the open story replaces its content live;
 * `change` (saved) or `published` for it reloads the page; everything else,
 * and any event about another story, is ignored.
 */
export type BridgeReaction = { kind: "apply"; story: unknown } | { kind: "reload" } | { kind: "ignore" };

export function reactionTo(event: unknown, storyId: number): BridgeReaction {
  if (typeof event !== "object" || event === null) return { kind: "ignore" };
  const { action, story, storyId: eventStoryId } = event as { action?: unknown; story?: unknown; storyId?: unknown };
  // Ids arrive as numbers or strings depending on the editor's version.
  const isOurs = (id: unknown) => (typeof id === "number" || typeof id === "string") && String(id) === String(storyId);
  if (action === "input" && typeof story === "object" && story !== null && isOurs((story as { id?: unknown }).id)) {
    return { kind: "apply", story };
  }
  if ((action === "change" || action === "published") && isOurs(eventStoryId)) return { kind: "reload" };
  return { kind: "ignore" };
}
