/**
 * A push's state over `api`, for testing one step of `space push` alone: a
 * journal kept in memory that counts its saves, an empty summary, and the
 * space's stories as the push listed them.
 */
import type { JournalData } from "../../../tools/space-push/journal";
import type { PushContext } from "../../../tools/space-push/push-context";
import { emptySummary } from "../../../tools/space-push/push-summary";
import type { SpaceApi, SpaceStorySummary } from "../../../tools/space-push/space-api";

export function pushContextInMemory(
  api: SpaceApi,
  { assets = {}, spaceStories = [] }: { assets?: JournalData["assets"]; spaceStories?: readonly SpaceStorySummary[] } = {},
): { context: PushContext; data: JournalData; saves: () => number } {
  let saves = 0;
  const data: JournalData = { version: 1, space: "1", target: "t", assets: { ...assets }, folders: {}, stories: {} };
  const context: PushContext = {
    api,
    journal: {
      data,
      save: () => {
        saves++;
      },
    },
    fields: new Map(),
    summary: emptySummary(false),
    spaceStories: new Map(spaceStories.map((story) => [story.full_slug, story])),
    folders: new Map(),
    folderSlugBySourceId: new Map(),
    assets: new Map(),
    stories: new Map(),
  };
  return { context, data, saves: () => saves };
}
