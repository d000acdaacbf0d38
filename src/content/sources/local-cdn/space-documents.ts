/**
 * What the CDN serves of a content folder besides its stories: the folders (as links),
 * the datasources and their entries, and the space's name and languages. The local
 * Management API keeps them under `space/` (its space-files.ts); the CDN reads the same
 * files, so what is written through one API is served by the other.
 *
 *   space/folders.json       { folders: [{ id, uuid, name, slug, full_slug, parent_id, … }] }
 *   space/datasources.json   { datasources: [{ id, name, slug, dimensions }], datasource_entries: [{ id, name, value, datasource_id, dimension_values }] }
 *   space/space.json         { space: { name, languages: [{ code, name }], default_lang_name } }
 *   space/assets.json        { assets: [{ id, alt, title, copyright, focus, source, meta_data, is_private, … }] }
 *
 * A missing file is an empty part of the space; a file that is not the JSON it should be
 * is reported as a problem and served as empty.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Json, StoryFileProblem } from "./story-types";

/** The name of a space that never named itself (the Management API answers the same). */
export const DEFAULT_SPACE_NAME = "Embedded content";

/** The files, relative to the content folder, whose changes the CDN's store watches beside the stories. */
export const SPACE_DOCUMENT_FILES = ["space/folders.json", "space/datasources.json", "space/space.json", "space/assets.json"] as const;

export interface CdnFolder {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  parent_id: number;
  position: number;
  created_at: string | null;
  updated_at: string | null;
  published_at: string | null;
}

interface CdnDimension {
  id: number;
  name: string;
  entry_value: string;
  datasource_id: number;
  created_at?: string;
  updated_at?: string;
}

interface CdnDatasource {
  id: number;
  name: string;
  slug: string;
  dimensions: CdnDimension[];
}

interface CdnDatasourceEntry {
  id: number;
  name: string;
  value: string;
  datasource_id: number;
  /** The entry's value per dimension id. */
  dimensionValues: Record<string, string>;
}

/** What `resolve_assets=1` puts into a story's asset fields: the asset's metadata as the space holds it. */
type CdnAssetMetadata = Record<string, Json>;

export interface CdnSpace {
  name: string;
  /** The language codes besides the default one. */
  languageCodes: string[];
  /** By id. */
  folders: Map<number, CdnFolder>;
  datasources: CdnDatasource[];
  entries: CdnDatasourceEntry[];
  /** By id: the metadata of the space's assets (uploaded and finished, or embedded and written once). */
  assets: Map<number, CdnAssetMetadata>;
}

const ASSET_METADATA = ["alt", "title", "copyright", "focus", "source", "meta_data", "is_private"] as const;

type Record_ = Record<string, unknown>;
const isObject = (value: unknown): value is Record_ => typeof value === "object" && value !== null && !Array.isArray(value);
const list = (document: Record_, key: string): Record_[] =>
  Array.isArray(document[key]) ? (document[key] as unknown[]).filter(isObject) : [];
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const int = (value: unknown): number | undefined => (typeof value === "number" && Number.isInteger(value) ? value : undefined);

async function readDocument(dir: string, file: string, problems: StoryFileProblem[]): Promise<Record_> {
  let raw: string;
  try {
    raw = await readFile(join(dir, file), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isObject(parsed)) return parsed;
    problems.push({ file, problem: "not a JSON object" });
  } catch (error) {
    problems.push({ file, problem: `not valid JSON: ${(error as Error).message}` });
  }
  return {};
}

export async function readCdnSpace(dir: string, problems: StoryFileProblem[]): Promise<CdnSpace> {
  const [folders, datasources, space, assets] = await Promise.all(SPACE_DOCUMENT_FILES.map((file) => readDocument(dir, file, problems)));
  const assetMap = new Map<number, CdnAssetMetadata>();
  for (const asset of list(assets!, "assets")) {
    const id = int(asset.id);
    if (id === undefined || (asset.upload !== undefined && asset.upload !== "finished")) continue;
    assetMap.set(id, Object.fromEntries(ASSET_METADATA.filter((key) => asset[key] !== undefined).map((key) => [key, asset[key] as Json])));
  }
  const settings = isObject(space!.space) ? space!.space : {};
  const folderMap = new Map<number, CdnFolder>();
  for (const folder of list(folders!, "folders")) {
    const id = int(folder.id);
    if (id === undefined || typeof folder.full_slug !== "string" || typeof folder.uuid !== "string") continue;
    folderMap.set(id, {
      id,
      uuid: folder.uuid,
      name: text(folder.name) ?? folder.full_slug,
      slug: text(folder.slug) ?? folder.full_slug.split("/").pop()!,
      full_slug: folder.full_slug,
      parent_id: int(folder.parent_id) ?? 0,
      position: int(folder.position) ?? 0,
      created_at: text(folder.created_at),
      updated_at: text(folder.updated_at),
      published_at: text(folder.published_at),
    });
  }
  return {
    name: text(settings.name) ?? DEFAULT_SPACE_NAME,
    languageCodes: (Array.isArray(settings.languages) ? settings.languages : [])
      .filter(isObject)
      .map((l) => l.code)
      .filter((code): code is string => typeof code === "string" && code !== ""),
    folders: folderMap,
    datasources: list(datasources!, "datasources").flatMap((d) => {
      const id = int(d.id);
      if (id === undefined || typeof d.slug !== "string") return [];
      const dimensions = (Array.isArray(d.dimensions) ? d.dimensions : []).filter(isObject).flatMap((dim) => {
        const dimensionId = int(dim.id);
        if (dimensionId === undefined || typeof dim.entry_value !== "string") return [];
        const { created_at, updated_at } = dim;
        return [
          {
            id: dimensionId,
            name: text(dim.name) ?? dim.entry_value,
            entry_value: dim.entry_value,
            datasource_id: id,
            ...(typeof created_at === "string" && { created_at }),
            ...(typeof updated_at === "string" && { updated_at }),
          },
        ];
      });
      return [{ id, name: text(d.name) ?? d.slug, slug: d.slug, dimensions }];
    }),
    entries: list(datasources!, "datasource_entries").flatMap((e) => {
      const id = int(e.id);
      const datasourceId = int(e.datasource_id);
      if (id === undefined || datasourceId === undefined) return [];
      const values = isObject(e.dimension_values)
        ? Object.fromEntries(Object.entries(e.dimension_values).filter((pair): pair is [string, string] => typeof pair[1] === "string"))
        : {};
      return [{ id, name: text(e.name) ?? "", value: text(e.value) ?? "", datasource_id: datasourceId, dimensionValues: values }];
    }),
    assets: assetMap,
  };
}

/**
 * The uuid of a folder no file describes (its stories name it only by `parent_id`):
 * derived from its id, so the CDN's links and the Management API's folders agree on it
 * and it is the same on every load.
 */
export function folderUuid(id: number): string {
  const hex = createHash("sha1").update(`folder:${id}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `projects/2024/atlas` → `projects/2024`; a start page `projects/` → `projects`; a top-level slug → "". */
export function folderPathOf(fullSlug: string): string {
  if (fullSlug.endsWith("/")) return fullSlug.slice(0, -1);
  const at = fullSlug.lastIndexOf("/");
  return at < 0 ? "" : fullSlug.slice(0, at);
}
