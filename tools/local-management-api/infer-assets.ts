/**
 * The assets a content folder implies. Embedded content (content/) keeps its files in
 * `assets/` and its stories name them as Storyblok asset fields do (`{ id, filename:
 * "/assets/tidewater-cover.webp", alt, … }`), but no record describes them, as the CDN
 * never serves assets. The Management API shows the same space as the CDN, so each file
 * directly in `assets/` is an asset: the id the stories give it (or a new one when no
 * story names it), its metadata from the first story field naming it, its size and type
 * from the file, and in `ext_id` the SHA-256 of its bytes (`sha256:<hex>`), as `space
 * push` marks the assets it uploads, so a push into this space finds them.
 * They are written to space/assets.json with the space's first change, as inferred
 * folders are.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { forEachObject } from "../../src/content/shaping/content-tree";
import { contentTypeOf, shortFilename } from "./asset-names";
import type { AssetRecord, StoryEntry } from "./space-records";

/** Where the site and the stories find an embedded file, and where the local server serves it. */
export const EMBEDDED_ASSET_PATH = "/assets/";

interface Reference {
  id: number;
  alt: unknown;
  title: unknown;
  copyright: unknown;
  focus: unknown;
  source: unknown;
}

/** Every asset field of the stories (published and draft) that names an embedded file, by file name; the first one wins. */
function references(stories: readonly StoryEntry[]): Map<string, Reference> {
  const found = new Map<string, Reference>();
  for (const entry of stories) {
    for (const story of [entry.story, entry.draft]) {
      forEachObject(story?.content, (object) => {
        if (object.fieldtype !== "asset" || typeof object.filename !== "string" || !object.filename.startsWith(EMBEDDED_ASSET_PATH)) return;
        const name = object.filename.slice(EMBEDDED_ASSET_PATH.length);
        if (found.has(name) || typeof object.id !== "number" || !Number.isInteger(object.id) || object.id <= 0) return;
        found.set(name, {
          id: object.id,
          alt: object.alt,
          title: object.title,
          copyright: object.copyright,
          focus: object.focus,
          source: object.source,
        });
      });
    }
  }
  return found;
}

/** The files directly in `assets/` (uploads live below it, in `f/`), without hidden or half-written ones. */
export async function embeddedFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(join(dir, "assets"), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith(".") && !entry.name.endsWith(".tmp"))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b, "en-us"));
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

export async function inferAssets(
  dir: string,
  spaceId: number,
  stories: readonly StoryEntry[],
  known: readonly AssetRecord[],
  nextId: () => number,
): Promise<AssetRecord[]> {
  const files = await embeddedFiles(dir);
  if (files.length === 0) return [];
  const taken = new Set(known.filter((asset) => asset.embedded).map((asset) => asset.key));
  const knownIds = new Set(known.map((asset) => asset.id));
  const named = references(stories);
  const inferred: AssetRecord[] = [];
  for (const name of files) {
    if (taken.has(name)) continue;
    const path = join(dir, "assets", name);
    const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
    const reference = named.get(name);
    const id = reference && !knownIds.has(reference.id) ? reference.id : nextId();
    knownIds.add(id);
    const at = info.mtime.toISOString();
    inferred.push({
      id,
      filename: `${EMBEDDED_ASSET_PATH}${name}`,
      short_filename: shortFilename(name),
      content_type: contentTypeOf(name),
      content_length: bytes.byteLength,
      space_id: spaceId,
      created_at: at,
      updated_at: at,
      alt: text(reference?.alt),
      title: text(reference?.title),
      copyright: text(reference?.copyright),
      focus: text(reference?.focus),
      source: text(reference?.source),
      ext_id: `sha256:${createHash("sha256").update(bytes).digest("hex")}`,
      expire_at: null,
      publish_at: null,
      deleted_at: null,
      is_private: false,
      asset_folder_id: null,
      meta_data: {},
      internal_tag_ids: [],
      internal_tags_list: [],
      locked: false,
      file: { url: null },
      key: name,
      upload: "finished",
      embedded: true,
    });
  }
  return inferred;
}
