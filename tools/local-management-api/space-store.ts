/**
 * The space the local Management API manages: read from the content folder
 * on first use, kept in memory, and written back file by file after each
 * change. Every change runs through one queue and each file is replaced
 * atomically, so concurrent requests neither lose writes nor let a reader
 * see half a file.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { listJsonFiles, stampFiles } from "../../src/content/sources/local-cdn/read-story-files";
import { buildStoryIndex } from "../../src/content/sources/local-cdn/story-index";
import { removeFile, writeJsonAtomic } from "./atomic-file";
import { embeddedFiles, inferAssets } from "./infer-assets";
import { inferFolders } from "./infer-folders";
import { readSchemaSeed } from "./schema-seed";
import { createSerialQueue } from "./serial-queue";
import { SPACE_DOCUMENTS, spaceDocumentPath, storyFile, type SpaceDocument } from "./space-files";
import type {
  AssetFolderRecord,
  AssetRecord,
  ComponentGroupRecord,
  ComponentRecord,
  DatasourceEntryRecord,
  DatasourceRecord,
  FolderRecord,
  InternalTagRecord,
  PresetRecord,
  ReleaseRecord,
  SpaceSettingsRecord,
  StoryEntry,
} from "./space-records";
import { spaceSettings } from "./space-settings";

export interface SpaceState {
  components: ComponentRecord[];
  componentGroups: ComponentGroupRecord[];
  presets: PresetRecord[];
  datasources: DatasourceRecord[];
  datasourceEntries: DatasourceEntryRecord[];
  folders: FolderRecord[];
  assets: AssetRecord[];
  releases: ReleaseRecord[];
  settings: SpaceSettingsRecord;
  internalTags: InternalTagRecord[];
  assetFolders: AssetFolderRecord[];
  stories: Map<number, StoryEntry>;
  /** The last numeric id handed out; ids are never reused, as Storyblok's are not. */
  lastId: number;
}

/** One change to the space: what it altered, so exactly those files are written. */
export interface SpaceTransaction {
  state: SpaceState;
  /** A new id, unique within the space (records, stories and folders share one sequence). */
  nextId: () => number;
  /** The `space/` document to rewrite. */
  touch(document: SpaceDocument): void;
  /** The story whose files to rewrite (or, once deleted from `state.stories`, to remove). */
  touchStory(id: number, previous?: StoryEntry): void;
}

export interface SpaceStore {
  /** The space as it is now (after every write queued before this call). */
  read(): Promise<SpaceState>;
  /** Applies `change` alone, then writes what it touched. */
  write<T>(change: (tx: SpaceTransaction) => T | Promise<T>): Promise<T>;
}

export interface SpaceStoreOptions {
  /** The space's id (uploaded and embedded assets carry it). */
  spaceId: number;
  /** A schema folder whose components.json the space shows while it has no components of its own (schema-seed.ts). */
  schemaDir?: string;
}

export function createSpaceStore(dir: string, options: SpaceStoreOptions): SpaceStore {
  const queue = createSerialQueue();
  let state: SpaceState | undefined;
  /** Documents the loaded state has that the folder does not yet (inferred folders and assets). */
  let unsaved: SpaceDocument[] = [];
  /** The folder's files as the state last matched them: a change made by hand (or by another process) is read again. */
  let fingerprint = "";

  async function loaded(): Promise<SpaceState> {
    const now = await folderFingerprint(dir, options.schemaDir);
    if (!state || now !== fingerprint) {
      ({ state, unsaved } = await loadSpace(dir, options));
      fingerprint = now;
    }
    return state;
  }

  return {
    read: () => queue.run(loaded),
    write: (change) =>
      queue.run(async () => {
        const current = await loaded();
        const documents = new Set<SpaceDocument>(unsaved);
        const stories = new Map<number, StoryEntry | undefined>();
        const tx: SpaceTransaction = {
          state: current,
          nextId: () => {
            documents.add("sequence");
            current.lastId += 1;
            return current.lastId;
          },
          touch: (document) => documents.add(document),
          touchStory: (id, previous) => {
            if (!stories.has(id)) stories.set(id, previous);
          },
        };
        try {
          const result = await change(tx);
          await flush(dir, current, documents, stories);
          unsaved = [];
          fingerprint = await folderFingerprint(dir, options.schemaDir);
          return result;
        } catch (error) {
          // Memory may hold half a change: read the folder again on the next request.
          state = undefined;
          throw error;
        }
      }),
  };
}

async function flush(
  dir: string,
  state: SpaceState,
  documents: Set<SpaceDocument>,
  stories: Map<number, StoryEntry | undefined>,
): Promise<void> {
  for (const document of documents) await writeJsonAtomic(spaceDocumentPath(dir, document), documentOf(state, document));
  for (const [id, previous] of stories) await flushStory(dir, state.stories.get(id), previous);
}

/**
 * Writes a story's files where its full_slug puts them, then removes the
 * files it no longer has (an old slug's file, a published draft), in that
 * order so the CDN never finds the story missing.
 */
async function flushStory(dir: string, entry: StoryEntry | undefined, previous: StoryEntry | undefined): Promise<void> {
  // Never an empty path: joined to the folder, it would name the content folder itself.
  const stale = new Set([previous?.file, previous?.draftFile, entry?.file, entry?.draftFile].filter((f): f is string => !!f));
  if (entry) {
    entry.file = storyFile(entry.story.full_slug, "stories");
    await writeJsonAtomic(join(dir, entry.file), entry.story);
    stale.delete(entry.file);
    if (entry.draft) {
      entry.draftFile = storyFile(entry.story.full_slug, "drafts");
      await writeJsonAtomic(join(dir, entry.draftFile), entry.draft);
      stale.delete(entry.draftFile);
    } else {
      entry.draftFile = undefined;
    }
  }
  for (const file of stale) await removeFile(join(dir, file));
}

function documentOf(state: SpaceState, document: SpaceDocument): unknown {
  switch (document) {
    case "components":
      return { components: state.components, component_groups: state.componentGroups };
    case "presets":
      return { presets: state.presets };
    case "datasources":
      return { datasources: state.datasources, datasource_entries: state.datasourceEntries };
    case "folders":
      return { folders: state.folders };
    case "assets":
      return { assets: state.assets };
    case "releases":
      return { releases: state.releases };
    case "space":
      return { space: state.settings };
    case "internal_tags":
      return { internal_tags: state.internalTags };
    case "asset_folders":
      return { asset_folders: state.assetFolders };
    case "sequence":
      return { last_id: state.lastId };
  }
}

async function loadSpace(dir: string, options: SpaceStoreOptions): Promise<{ state: SpaceState; unsaved: SpaceDocument[] }> {
  const docs = Object.fromEntries(
    await Promise.all(SPACE_DOCUMENTS.map(async (d) => [d, await readDocument(spaceDocumentPath(dir, d))] as const)),
  ) as Record<SpaceDocument, Record<string, unknown>>;
  const list = <T>(document: SpaceDocument, key: string) => (Array.isArray(docs[document][key]) ? (docs[document][key] as T[]) : []);
  // No components of its own: the schema folder's, when the space is served beside one.
  const seed =
    !("components" in docs.components) && options.schemaDir ? await readSchemaSeed(options.schemaDir, options.spaceId) : undefined;
  const state: SpaceState = {
    components: seed?.components ?? list<ComponentRecord>("components", "components"),
    componentGroups: seed?.componentGroups ?? list<ComponentGroupRecord>("components", "component_groups"),
    presets: seed && !("presets" in docs.presets) ? seed.presets : list<PresetRecord>("presets", "presets"),
    datasources: list<DatasourceRecord>("datasources", "datasources"),
    datasourceEntries: list<DatasourceEntryRecord>("datasources", "datasource_entries"),
    folders: list<FolderRecord>("folders", "folders"),
    assets: list<AssetRecord>("assets", "assets"),
    releases: list<ReleaseRecord>("releases", "releases"),
    settings: spaceSettings(docs.space.space),
    internalTags: list<InternalTagRecord>("internal_tags", "internal_tags"),
    assetFolders: list<AssetFolderRecord>("asset_folders", "asset_folders"),
    stories: await loadStories(dir),
    lastId: 0,
  };
  const sequence = docs.sequence.last_id;
  state.lastId = Math.max(typeof sequence === "number" ? sequence : 0, ...knownIds(state));
  const stories = [...state.stories.values()];
  const folders = inferFolders(stories, state.folders, () => ++state.lastId, new Date().toISOString());
  state.folders.push(...folders);
  const assets = await inferAssets(dir, options.spaceId, stories, state.assets, () => ++state.lastId);
  state.assets.push(...assets);
  // Written with the first change, not on a read: reading a space must not change the folder.
  const unsaved: SpaceDocument[] = [...(folders.length > 0 ? ["folders" as const] : []), ...(assets.length > 0 ? ["assets" as const] : [])];
  return { state, unsaved: unsaved.length > 0 ? [...unsaved, "sequence"] : [] };
}

/**
 * Size and time of every file the space is read from (stories, drafts, space/, the
 * embedded assets, the schema it shows): one line per file, compared on each request.
 */
async function folderFingerprint(dir: string, schemaDir: string | undefined): Promise<string> {
  const files = [
    ...(await listJsonFiles(join(dir, "stories"))),
    ...(await listJsonFiles(join(dir, "drafts"))),
    ...SPACE_DOCUMENTS.map((document) => spaceDocumentPath(dir, document)),
    ...(await embeddedFiles(dir)).map((name) => join(dir, "assets", name)),
    ...(schemaDir ? [join(schemaDir, "components.json")] : []),
  ];
  return (await stampFiles(files)).map((s) => `${s.file}:${s.mtimeMs}:${s.size}`).join("\n");
}

async function readDocument(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    // A missing file is an empty part of the space: an empty folder is an empty space.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error(`${path}: expected a JSON object`);
  return parsed as Record<string, unknown>;
}

/** The stories as the CDN reads them (files it reports as broken are left out here too). */
async function loadStories(dir: string): Promise<Map<number, StoryEntry>> {
  const index = await buildStoryIndex(dir);
  const stories = new Map<number, StoryEntry>();
  for (const stored of index.stories) {
    const entry: StoryEntry = stored.published
      ? { story: stored.published, file: stored.file, ...(stored.draftFile && { draft: stored.draft, draftFile: stored.draftFile }) }
      : // A draft over a never-published story has nothing to be a draft of: it becomes the story.
        { story: stored.draft, file: stored.file, ...(stored.draftFile && { draftFile: stored.draftFile }) };
    stories.set(stored.draft.id, entry);
  }
  return stories;
}

function* knownIds(state: SpaceState): Iterable<number> {
  for (const list of [
    state.components,
    state.componentGroups,
    state.presets,
    state.datasources,
    state.datasourceEntries,
    state.folders,
    state.assets,
    state.releases,
    state.internalTags,
    state.assetFolders,
  ]) {
    for (const record of list) if (typeof record.id === "number") yield record.id;
  }
  yield* state.stories.keys();
}
