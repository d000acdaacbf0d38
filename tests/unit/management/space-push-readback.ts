/**
 * Reading a pushed space back, and comparing it with the content folder it
 * came from: every reference in the space's stories must resolve to a story
 * or asset of the space, and with those mapped back to the content's own
 * names, the stories must equal the files.
 */
import { readFile } from "node:fs/promises";
import { expect } from "vitest";
import type { JournalData } from "../../../tools/space-push/journal";
import type { ContentClient } from "../../../src/content/access/client";
import type { CdnStory, JsonObject } from "../../../src/content/sources/local-cdn/story-types";
import { readLocalAssets } from "../../../tools/space-push/local-assets";
import type { LocalStory } from "../../../tools/space-push/local-stories";
import type { StoryReferenceFields } from "../../../tools/space-push/reference-fields";
import { referencesIn, rewriteReferences } from "../../../tools/space-push/rewrite-references";
import type { ManagementClient } from "../../../tools/management-api/management-client";
import { listAll } from "../../../tools/management-api/list-all";

export interface SpaceAssetRow {
  id: number;
  filename: string;
  ext_id?: string | null;
  content_length?: number | null;
}

export async function spaceAssets(client: ManagementClient): Promise<SpaceAssetRow[]> {
  return listAll(async (page, perPage) => {
    const { data, response } = await client.assets.list({ query: { page, per_page: perPage } });
    return { rows: data.assets as unknown as SpaceAssetRow[], response };
  });
}

export async function spaceStoryRows(client: ManagementClient): Promise<
  {
    id: number;
    uuid: string;
    full_slug: string;
    is_folder: boolean;
    published: boolean;
    unpublished_changes: boolean;
    parent_id: number;
    first_published_at: string | null;
  }[]
> {
  return listAll(async (page, perPage) => {
    const { data, response } = await client.stories.list({ query: { page, per_page: perPage } });
    return { rows: data.stories as never, response };
  });
}

export async function cdnStories(client: ContentClient, version: "published" | "draft"): Promise<CdnStory[]> {
  return (await client.getAll("cdn/stories", { version, per_page: 100 })) as CdnStory[];
}

/** Every story's working copy as the Management API stores it, translations (`title__i18n__nl`) and all. */
export async function managementStories(client: ManagementClient): Promise<CdnStory[]> {
  const rows = (await spaceStoryRows(client)).filter((row) => !row.is_folder);
  const stories: CdnStory[] = [];
  for (const row of rows) stories.push((await client.stories.get(row.id)).data.story as unknown as CdnStory);
  return stories;
}

/** Content as the CDN answers it without `language`: in the default language, no translation sent. */
function inDefaultLanguage(content: unknown): unknown {
  return JSON.parse(JSON.stringify(content), (key, value: unknown) => (key.includes("__i18n__") ? undefined : value));
}

/**
 * Checks the stories a CDN client reads against the content's versions:
 * same set of full slugs; each reference resolving into the space; content
 * and story fields equal once the space's ids are mapped back. The CDN
 * answers in the default language; stories read through the Management API
 * (`translations`) hold every language.
 */
export async function expectSpaceHolds(options: {
  served: CdnStory[];
  want: Map<string, CdnStory>;
  /** The served stories hold the translations (the Management API's); else they are compared in the default language. */
  translations?: boolean;
  local: readonly LocalStory[];
  dir: string;
  fields: StoryReferenceFields;
  assets: SpaceAssetRow[];
  folderIds: Map<string, number>;
}): Promise<void> {
  const { served, want, local, fields, assets } = options;
  expect(served.map((story) => story.full_slug).sort()).toEqual([...want.keys()].sort());

  // The space's names for the content's stories and assets, learned from the space itself.
  const uuidOfSlug = new Map(served.map((story) => [story.full_slug, story.uuid]));
  const sourceUuidOfSpaceUuid = new Map(local.map((story) => [uuidOfSlug.get(story.fullSlug)!, story.sourceUuid]));
  const localAssets = await readLocalAssets(options.dir, local);
  const assetByFilename = new Map(assets.map((asset) => [asset.filename, asset]));
  const pathOfFilename = new Map<string, string>();
  for (const asset of assets) {
    const file = localAssets.find((candidate) => `sha256:${candidate.sha256}` === asset.ext_id);
    if (file) pathOfFilename.set(asset.filename, file.path);
  }

  for (const servedStory of served) {
    const story = withoutEditable(servedStory);
    const source = want.get(story.full_slug)!;
    // Every reference of the space's story is one of the space's own.
    const refs = referencesIn(story.content, fields);
    expect(refs.assets.size, `${story.full_slug}: local asset paths left`).toBe(0);
    const mapped = rewriteReferences(story.content, fields, {
      storyUuid: (uuid) => sourceUuidOfSpaceUuid.get(uuid),
      asset: () => undefined,
    });
    expect([...mapped.missingStories], `${story.full_slug}: story references that are not the space's`).toEqual([]);
    const wanted = options.translations === true ? source.content : inDefaultLanguage(source.content);
    const back = mapAssetsBack(mapped.content, wanted, assetByFilename, pathOfFilename, story.full_slug);
    expect(back, story.full_slug).toEqual(wanted);
    for (const field of ["name", "slug", "position", "tag_list", "is_startpage", "path", "sort_by_date"] as const) {
      expect(story[field] ?? null, `${story.full_slug}.${field}`).toEqual(source[field] ?? null);
    }
    const folder = story.full_slug.includes("/") ? story.full_slug.slice(0, story.full_slug.lastIndexOf("/")) : "";
    expect(story.parent_id, `${story.full_slug}.parent_id`).toBe(folder === "" ? 0 : options.folderIds.get(folder));
  }
}

/** The story without the `_editable` comments the CDN adds to drafts for the Visual Editor, as Storyblok's does. */
function withoutEditable(story: CdnStory): CdnStory {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "_editable")
        .map(([key, item]) => [key, strip(item)]),
    );
  };
  return { ...story, content: strip(story.content) as CdnStory["content"] };
}

/**
 * Asset URLs and ids of the space's story replaced by the content's, after
 * checking each one is an asset of the space holding that very file.
 */
function mapAssetsBack(
  content: unknown,
  original: unknown,
  assetByFilename: Map<string, SpaceAssetRow>,
  pathOfFilename: Map<string, string>,
  where: string,
): unknown {
  if (Array.isArray(content))
    return content.map((item, index) =>
      mapAssetsBack(item, (original as unknown[] | undefined)?.[index], assetByFilename, pathOfFilename, where),
    );
  if (typeof content !== "object" || content === null) {
    if (typeof content === "string" && assetByFilename.has(content)) {
      expect(pathOfFilename.get(content), `${where}: ${content}`).toBe(original);
      return original;
    }
    return content;
  }
  const object = content as JsonObject;
  const source = (original ?? {}) as JsonObject;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (key === "id" && typeof value === "number" && (object.fieldtype === "asset" || typeof object.src === "string")) {
      // An asset field's (or rich text image's) id: the space's asset with this very filename.
      const filename = (object.filename ?? object.src) as string;
      expect(assetByFilename.get(filename)?.id, `${where}: asset id of ${filename}`).toBe(value);
      copy[key] = source[key];
      continue;
    }
    copy[key] = mapAssetsBack(value, source[key], assetByFilename, pathOfFilename, where);
  }
  return copy;
}

/** Every entry of the push journal at `path` (when there is one) names what the space holds: the same id and uuid at that full slug, a finished asset by its id. */
export async function expectJournalTrue(path: string, client: ManagementClient): Promise<void> {
  // No journal claims nothing (a push that stopped before its first record).
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) =>
    error.code === "ENOENT" ? undefined : Promise.reject(error),
  );
  if (text === undefined) return;
  const journal = JSON.parse(text) as JournalData;
  const rows = new Map((await spaceStoryRows(client)).map((row) => [row.full_slug.replace(/\/$/, ""), row]));
  for (const [slug, entry] of [...Object.entries(journal.folders), ...Object.entries(journal.stories)]) {
    expect({ slug, id: rows.get(slug)?.id, uuid: rows.get(slug)?.uuid }).toEqual({ slug, id: entry.id, uuid: entry.uuid });
  }
  const assets = new Set((await spaceAssets(client)).map((asset) => asset.id));
  for (const entry of Object.values(journal.assets)) if (entry.finished) expect(assets.has(entry.id)).toBe(true);
}
