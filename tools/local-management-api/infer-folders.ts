/**
 * The folders a content folder implies. Embedded content (content/) has
 * stories under `projects/` whose `parent_id` names a folder no file
 * describes, because the CDN never serves folders. The Management API
 * needs them (a story's parent, `folder_only`, moving a story), so the
 * folder tree is read off the stories: each folder path gets the id its
 * stories name as `parent_id`, or a new one when no story sits directly in
 * it, and a uuid derived from that id so it is the same on every load.
 * They are written to space/folders.json with the space's first change.
 */
import { folderPathOf as folderPath, folderUuid as uuidFromId } from "../../src/content/sources/local-cdn/space-documents";
import type { FolderRecord, StoryEntry } from "./space-records";

export function inferFolders(
  stories: readonly StoryEntry[],
  known: readonly FolderRecord[],
  nextId: () => number,
  now: string,
): FolderRecord[] {
  const byPath = new Map(known.map((f) => [f.full_slug, f]));
  const idOfPath = new Map<string, number>();
  for (const { story } of stories) {
    const path = folderPath(story.full_slug);
    if (path && typeof story.parent_id === "number" && story.parent_id > 0 && !idOfPath.has(path)) idOfPath.set(path, story.parent_id);
  }
  const inferred: FolderRecord[] = [];
  // Parents before children: sort paths by depth.
  const paths = new Set<string>();
  for (const { story } of stories) for (let p = folderPath(story.full_slug); p; p = folderPath(p)) paths.add(p);
  for (const path of [...paths].sort((a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b, "en-us"))) {
    if (byPath.has(path)) continue;
    const parentPath = folderPath(path);
    const parent = parentPath ? byPath.get(parentPath) : undefined;
    const slug = path.split("/").pop()!;
    const id = idOfPath.get(path) ?? nextId();
    const folder: FolderRecord = {
      id,
      uuid: uuidFromId(id),
      name: slug,
      slug,
      full_slug: path,
      parent_id: parent?.id ?? 0,
      is_folder: true,
      created_at: now,
      updated_at: now,
    };
    byPath.set(path, folder);
    inferred.push(folder);
  }
  return inferred;
}
