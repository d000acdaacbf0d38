/**
 * The stories of one content directory, indexed the ways the CDN looks them
 * up (full_slug, id, uuid), plus the problems found while building it.
 *
 * Layout of a content directory:
 *   stories/<full_slug>.json  the story as the CDN returns it. Its
 *                             `published_at` says whether it is published:
 *                             null means never published, so only
 *                             `version=draft` serves it.
 *   drafts/<full_slug>.json   optional: unpublished changes to a published
 *                             story (same uuid). `version=draft` serves this
 *                             file instead; `version=published` ignores it.
 */
import { join } from "node:path";
import { listJsonFiles, readStoryFile, type StoryFile } from "./read-story-files";
import type { CdnStory, StoredStory, StoryFileProblem } from "./story-types";

export interface StoryIndex {
  /** In file order; the CDN sorts per request. */
  stories: StoredStory[];
  bySlug: Map<string, StoredStory>;
  byId: Map<number, StoredStory>;
  byUuid: Map<string, StoredStory>;
  problems: StoryFileProblem[];
}

/** Each version of a story a reader can get, with the file it came from: the published story and, when it differs, its draft. */
export function storedVersions(stored: StoredStory): [file: string, story: CdnStory][] {
  const versions: [string, CdnStory][] = [];
  if (stored.published) versions.push([stored.file, stored.published]);
  if (stored.draftFile) versions.push([stored.draftFile, stored.draft]);
  else if (!stored.published) versions.push([stored.file, stored.draft]);
  return versions;
}

export async function buildStoryIndex(contentDir: string): Promise<StoryIndex> {
  const index: StoryIndex = { stories: [], bySlug: new Map(), byId: new Map(), byUuid: new Map(), problems: [] };
  for (const loaded of await readAll(contentDir, "stories")) {
    if ("problem" in loaded) index.problems.push(loaded);
    else addStory(index, loaded);
  }
  for (const loaded of await readAll(contentDir, "drafts")) {
    if ("problem" in loaded) index.problems.push(loaded);
    else addDraft(index, loaded);
  }
  return index;
}

async function readAll(contentDir: string, folder: string): Promise<(StoryFile | StoryFileProblem)[]> {
  const files = await listJsonFiles(join(contentDir, folder));
  return Promise.all(files.map((file) => readStoryFile(file, contentDir)));
}

function addStory(index: StoryIndex, { file, story }: StoryFile): void {
  // The first file (in sorted order) keeps the slug/uuid/id; later ones are reported, not served.
  const clash =
    clashWith(index.bySlug.get(story.full_slug), `full_slug "${story.full_slug}"`) ??
    clashWith(index.byUuid.get(story.uuid), `uuid "${story.uuid}"`) ??
    clashWith(index.byId.get(story.id), `id ${story.id}`);
  if (clash) {
    index.problems.push({ file, problem: clash });
    return;
  }
  const stored: StoredStory = { file, published: story.published_at === null ? null : story, draft: story };
  index.stories.push(stored);
  index.bySlug.set(story.full_slug, stored);
  index.byUuid.set(story.uuid, stored);
  index.byId.set(story.id, stored);
}

function clashWith(existing: StoredStory | undefined, what: string): string | undefined {
  return existing ? `duplicate ${what}: already used by ${existing.file}` : undefined;
}

function addDraft(index: StoryIndex, { file, story }: StoryFile): void {
  const stored = index.byUuid.get(story.uuid);
  if (!stored) {
    index.problems.push({
      file,
      problem: `draft for uuid "${story.uuid}" has no story under stories/ (put never-published stories there with "published_at": null)`,
    });
    return;
  }
  if (stored.draftFile) {
    index.problems.push({ file, problem: `second draft for uuid "${story.uuid}": ${stored.draftFile} is already its draft` });
    return;
  }
  stored.draft = story;
  stored.draftFile = file;
}

/** Finds a story the way `GET /cdn/stories/{id}` does: by uuid, numeric id, or full_slug. */
export function findStory(index: StoryIndex, key: string, findBy: string | null): StoredStory | undefined {
  if (findBy === "uuid") return index.byUuid.get(key);
  if (/^\d+$/.test(key)) return index.byId.get(Number(key)) ?? index.bySlug.get(key);
  // Folder start pages are stored as "folder/"; accept the slug with or without the slash.
  return index.bySlug.get(key) ?? index.bySlug.get(key.endsWith("/") ? key.slice(0, -1) : `${key}/`);
}
