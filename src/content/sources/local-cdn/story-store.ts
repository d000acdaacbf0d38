/**
 * Keeps the story index in step with the files on disk, so edits under
 * `content/` are served without a restart. Each change gets a new cache
 * version (`cv`), which is how Storyblok tells clients their cached
 * published content is stale.
 */
import { join } from "node:path";
import { listJsonFiles, stampFiles } from "./read-story-files";
import { readCdnSpace, SPACE_DOCUMENT_FILES, type CdnSpace } from "./space-documents";
import { buildStoryIndex, type StoryIndex } from "./story-index";
import { componentFiles, readTranslatableFields, type TranslatableFields } from "./translatable-fields";
import type { StoryFileProblem } from "./story-types";

export interface StoreSnapshot {
  index: StoryIndex;
  /** Folders, datasources and the space's settings, from `space/` (space-documents.ts). */
  space: CdnSpace;
  /** The fields the space's components mark translatable; undefined when the store knows no components (translatable-fields.ts). */
  translatable?: TranslatableFields;
  /** Unix seconds, like Storyblok's `cv`; strictly increases with every change on disk. */
  cv: number;
}

export interface StoryStoreOptions {
  /** How long a snapshot is trusted before the files are checked again. */
  checkIntervalMs?: number;
  /** Called with the problems of every newly built index (empty list when all files are fine). */
  onProblems?: (problems: StoryFileProblem[]) => void;
  /**
   * A schema folder whose components.json stands for the space's components until the
   * space has its own (`space/components.json`), as the local Management API shows them.
   */
  schemaDir?: string;
}

export interface StoryStore {
  /** The snapshot, re-checked against the files at most every `checkIntervalMs`. */
  current(): Promise<StoreSnapshot>;
  /** The snapshot after checking the files now: for whoever must see a change made a moment ago (the latest cv). */
  latest(): Promise<StoreSnapshot>;
}

export function createStoryStore(contentDir: string, options: StoryStoreOptions = {}): StoryStore {
  const checkIntervalMs = options.checkIntervalMs ?? 100;
  let snapshot: StoreSnapshot | undefined;
  let fingerprint = "";
  let checkedAt = -Infinity;
  let inFlight: Promise<StoreSnapshot> | undefined;
  const components = componentFiles(contentDir, options.schemaDir);

  async function refresh(): Promise<StoreSnapshot> {
    const files = [
      ...(await listJsonFiles(join(contentDir, "stories"))),
      ...(await listJsonFiles(join(contentDir, "drafts"))),
      ...SPACE_DOCUMENT_FILES.map((file) => join(contentDir, file)),
      ...components,
    ];
    const stamps = await stampFiles(files);
    const next = stamps.map((s) => `${s.file}:${s.mtimeMs}:${s.size}`).join("\n");
    checkedAt = Date.now();
    if (snapshot && next === fingerprint) return snapshot;

    const index = await buildStoryIndex(contentDir);
    const space = await readCdnSpace(contentDir, index.problems);
    const translatable = await readTranslatableFields(components, index.problems);
    const newestMtime = Math.floor(Math.max(0, ...stamps.map((s) => s.mtimeMs)) / 1000);
    // The first cv comes from the files, so restarts over unchanged content keep it;
    // later ones only need to be newer than the last.
    const cv = snapshot ? Math.max(Math.floor(Date.now() / 1000), snapshot.cv + 1) : Math.max(newestMtime, 1);
    fingerprint = next;
    snapshot = { index, space, cv, ...(translatable && { translatable }) };
    options.onProblems?.(index.problems);
    return snapshot;
  }

  /** Concurrent requests share one scan of the directory. */
  function scan(): Promise<StoreSnapshot> {
    inFlight ??= refresh().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    current() {
      if (snapshot && Date.now() - checkedAt < checkIntervalMs) return Promise.resolve(snapshot);
      return scan();
    },
    async latest() {
      // A scan already under way may have listed the files before the change: wait for it, then scan again.
      if (inFlight) await inFlight.catch(() => undefined);
      return scan();
    },
  };
}
