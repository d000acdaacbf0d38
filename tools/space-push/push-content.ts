/**
 * `space push`'s content step: a content folder (stories/, drafts/,
 * assets/) into a Storyblok space whose components are already there. In
 * order: folders, assets, stories (push-folders.ts, push-assets.ts,
 * push-stories.ts). Everything local is read and checked before the first
 * request, so bad input stops the push before it writes anything.
 */
import type { ManagementClient } from "../management-api/management-client";
import { withDryRunWrites } from "./dry-run-writes";
import { openJournal } from "./journal";
import { readLocalAssets, type LocalAsset } from "./local-assets";
import { readLocalFolders, type LocalFolder } from "./local-folders";
import { readLocalStories, type LocalStory } from "./local-stories";
import { createManagementSpaceApi } from "./management-space-api";
import { step, type PushContext } from "./push-context";
import { pushAssets } from "./push-assets";
import { pushFolders } from "./push-folders";
import { pushStories } from "./push-stories";
import { emptySummary, type PushAction, type PushSummary } from "./push-summary";
import { readStoryReferenceFields, type StoryReferenceFields } from "./reference-fields";
import type { SpaceApi, SpaceStorySummary } from "./space-api";

export interface PushContentOptions {
  spaceId: number;
  /** The content folder. */
  dir: string;
  /** The schema's components.json (relations.json beside it): which fields hold story uuids. */
  componentsPath: string;
  /** Report every write without making it; read the space, write neither it nor the journal. */
  dryRun?: boolean;
  /** The journal file (journal.ts); without one the push keeps its notes in memory only. */
  journalPath?: string;
  /** The API the space is reached at (a region or a URL), recorded in the journal. */
  target: string;
  /** Called for every write as it is made. */
  onAction?: (action: PushAction) => void;
  /** Overwrite stories edited in the space since the last push; without it they are listed in `editedInSpace` and left alone. */
  force?: boolean;
}

export async function pushContent(client: ManagementClient, options: PushContentOptions): Promise<PushSummary> {
  const summary = emptySummary(options.dryRun === true);
  // The client keeps to the rate limit (its request window), across every step that shares it.
  const live = createManagementSpaceApi({ client, spaceId: options.spaceId, counts: summary.requests });
  return pushContentTo(options.dryRun ? withDryRunWrites(live) : live, options, summary);
}

/** The push over any SpaceApi; `summary.requests` is the caller's to count. */
export async function pushContentTo(
  api: SpaceApi,
  options: PushContentOptions,
  summary = emptySummary(options.dryRun === true),
): Promise<PushSummary> {
  const started = performance.now();
  const { stories, folders, assets, fields } = await readLocalContent(options.dir, options.componentsPath);

  const space = String(options.spaceId);
  const journal = options.journalPath
    ? openJournal(options.journalPath, space, options.target, { readOnly: options.dryRun === true })
    : openJournal("", space, options.target, { readOnly: true });
  const listed = await step("listing the space's stories", () => api.listStories());
  const context: PushContext = {
    api,
    journal,
    fields,
    summary,
    ...(options.onAction ? { onAction: options.onAction } : {}),
    force: options.force === true,
    spaceStories: new Map(listed.map((story) => [spaceKey(story), story])),
    folders: new Map(),
    folderSlugBySourceId: new Map(),
    assets: new Map(),
    stories: new Map(),
  };

  await pushFolders(context, folders);
  await pushAssets(context, assets);
  await pushStories(context, stories);
  summary.elapsedMs = performance.now() - started;
  return summary;
}

export interface LocalContent {
  stories: LocalStory[];
  folders: LocalFolder[];
  assets: LocalAsset[];
  fields: StoryReferenceFields;
}

/**
 * The content folder as a push sends it, checked: throws LocalContentError
 * (a story file the CDN could not serve) or MissingAssetsError. The CLI
 * calls it before its first request, the schema step's included.
 */
export async function readLocalContent(dir: string, componentsPath: string): Promise<LocalContent> {
  const stories = await readLocalStories(dir);
  const folders = await readLocalFolders(dir, stories);
  const assets = await readLocalAssets(dir, stories);
  const fields = await readStoryReferenceFields(componentsPath);
  return { stories, folders, assets, fields };
}

/** A folder's full slug may come with a trailing slash; a folder start page's is `folder/` and stays so. */
function spaceKey(story: SpaceStorySummary): string {
  return story.is_folder ? story.full_slug.replace(/\/+$/, "") : story.full_slug;
}
