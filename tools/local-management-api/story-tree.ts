/**
 * Where stories and folders sit: full slugs from parents, the uniqueness of
 * a slug within its folder, and what a folder holds.
 */
import type { FolderRecord, StoryEntry } from "./space-records";
import type { SpaceState } from "./space-store";
import { workingCopy } from "./story-views";

/** A story or folder, as far as the tree is concerned. */
interface TreeNode {
  id: number;
  slug: string;
  parentId: number;
  isFolder: boolean;
  fullSlug: string;
}

function nodes(state: SpaceState): TreeNode[] {
  const folders = state.folders.map((f) => ({ id: f.id, slug: f.slug, parentId: f.parent_id, isFolder: true, fullSlug: f.full_slug }));
  const stories = [...state.stories.values()].map((entry) => {
    const story = workingCopy(entry);
    return { id: story.id, slug: story.slug, parentId: parentIdOf(story.parent_id), isFolder: false, fullSlug: entry.story.full_slug };
  });
  return [...folders, ...stories];
}

export function parentIdOf(value: unknown): number {
  return typeof value === "number" ? value : 0;
}

/** The full slug of `slug` in `parent` (0 = the root); a folder's start page is `folder/`. */
export function fullSlugOf(slug: string, parent: FolderRecord | undefined, isStartpage: boolean): string {
  if (isStartpage && parent) return `${parent.full_slug}/`;
  return parent ? `${parent.full_slug}/${slug}` : slug;
}

/** Whether another story or folder in the same folder already has `slug` (or another one the same full slug). */
export function slugTaken(state: SpaceState, slug: string, fullSlug: string, parentId: number, selfId?: number): boolean {
  return nodes(state).some((n) => n.id !== selfId && ((n.parentId === parentId && n.slug === slug) || n.fullSlug === fullSlug));
}

/** Every folder and story inside `folder`, at any depth. */
export function descendants(state: SpaceState, folder: FolderRecord): { folders: FolderRecord[]; stories: StoryEntry[] } {
  const folderIds = new Set([folder.id]);
  const folders: FolderRecord[] = [];
  // Folders are listed parents-first only by chance: repeat until no new child is found.
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of state.folders) {
      if (!folderIds.has(f.id) && folderIds.has(f.parent_id)) {
        folderIds.add(f.id);
        folders.push(f);
        grew = true;
      }
    }
  }
  const stories = [...state.stories.values()].filter((e) => folderIds.has(parentIdOf(workingCopy(e).parent_id)));
  return { folders, stories };
}

/** Whether `candidate` is `folder` itself or inside it (a folder cannot move into itself). */
export function isWithin(state: SpaceState, candidate: FolderRecord, folder: FolderRecord): boolean {
  return candidate === folder || descendants(state, folder).folders.includes(candidate);
}
