/**
 * `GET /stories`: stories and folders of the space, filtered as Storyblok
 * documents it (https://storyblok.com/docs/api/management/stories/retrieve-multiple-stories)
 * for the filters a push needs, in creation order, and paged.
 */
import type { StoryRow } from "./story-views";
import type { SpaceState } from "./space-store";
import { parentIdOf } from "./story-tree";
import { folderRow, storyRow, workingCopy } from "./story-views";

interface Listed {
  id: number;
  uuid: string;
  name: string;
  fullSlug: string;
  parentId: number;
  isFolder: boolean;
  component: string | undefined;
  row: () => StoryRow;
}

function listed(state: SpaceState): Listed[] {
  const folders = state.folders.map((f) => ({
    id: f.id,
    uuid: f.uuid,
    name: f.name,
    fullSlug: f.full_slug,
    parentId: f.parent_id,
    isFolder: true,
    component: undefined,
    row: () => folderRow(f, state.folders),
  }));
  const stories = [...state.stories.values()].map((entry) => {
    const story = workingCopy(entry);
    return {
      id: story.id,
      uuid: story.uuid,
      name: story.name,
      fullSlug: entry.story.full_slug,
      parentId: parentIdOf(story.parent_id),
      isFolder: false,
      component: story.content.component,
      row: () => storyRow(entry, state.folders),
    };
  });
  return [...folders, ...stories].sort((a, b) => a.id - b.id);
}

const list = (value: string | null) =>
  value === null
    ? undefined
    : value
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean);
const flag = (value: string | null) => value === "1" || value === "true";

export function listStoryRows(state: SpaceState, query: URLSearchParams): Listed[] {
  const withSlug = query.get("with_slug");
  const startsWith = query.get("starts_with");
  const ids = list(query.get("by_ids"))?.map(Number);
  const uuids = list(query.get("by_uuids"));
  const withParent = query.get("with_parent");
  const component = query.get("contain_component");
  const search = (query.get("text_search") ?? query.get("search"))?.toLowerCase();
  return listed(state).filter(
    (s) =>
      (withSlug === null || s.fullSlug === withSlug) &&
      (startsWith === null || s.fullSlug.startsWith(startsWith)) &&
      (!flag(query.get("folder_only")) || s.isFolder) &&
      (!flag(query.get("story_only")) || !s.isFolder) &&
      (!ids || ids.includes(s.id)) &&
      (!uuids || uuids.includes(s.uuid)) &&
      (withParent === null || s.parentId === Number(withParent)) &&
      (component === null || s.component === component) &&
      (!search || s.name.toLowerCase().includes(search) || s.fullSlug.toLowerCase().includes(search)),
  );
}
