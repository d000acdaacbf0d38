/**
 * The folders the stories live in. content/ has no folder files of its own:
 * a folder is every path a story's full_slug passes through. Its name comes
 * from its slug, unless the content folder names it: a folder that was a
 * space's (the local Management API keeps a space's folders in
 * `space/folders.json`) keeps the name and position it had there.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { LocalStory } from "./local-stories";

export interface LocalFolder {
  /** e.g. `projects/2024`; no trailing slash. */
  fullSlug: string;
  slug: string;
  name: string;
  /** Whether the content names the folder (else its name is made from its slug). */
  named: boolean;
  /** The full_slug of the folder it sits in; "" at the root. */
  parentSlug: string;
  position?: number;
  /** The ids the content's stories use for it as `parent_id` (their source space's), so alternates can be mapped. */
  sourceIds: number[];
}

interface NamedFolder {
  name?: unknown;
  full_slug?: unknown;
  position?: unknown;
}

/** Folders in creation order: parents before children. */
export async function readLocalFolders(dir: string, stories: readonly LocalStory[]): Promise<LocalFolder[]> {
  const named = await readNamedFolders(dir);
  const folders = new Map<string, LocalFolder>();
  for (const story of stories) {
    const path = folderOf(story.fullSlug);
    for (let end = path.indexOf("/"); ; end = path.indexOf("/", end + 1)) {
      const fullSlug = end === -1 ? path : path.slice(0, end);
      if (fullSlug && !folders.has(fullSlug)) folders.set(fullSlug, newFolder(fullSlug, named.get(fullSlug)));
      if (end === -1) break;
    }
    // A story's parent_id is its folder's id in the space it came from.
    const parentId = story.working.parent_id;
    const folder = folders.get(path);
    if (folder && typeof parentId === "number" && parentId > 0 && !folder.sourceIds.includes(parentId)) folder.sourceIds.push(parentId);
  }
  return [...folders.values()].sort((a, b) => depth(a.fullSlug) - depth(b.fullSlug) || a.fullSlug.localeCompare(b.fullSlug, "en-us"));
}

/** The folder a story sits in: `projects/2024` for `projects/2024/atlas`, `projects` for the start page `projects/`. */
export function folderOf(fullSlug: string): string {
  // Everything before the last slash: a start page's own trailing slash is that last one.
  return fullSlug.slice(0, Math.max(0, fullSlug.lastIndexOf("/")));
}

function newFolder(fullSlug: string, named: NamedFolder | undefined): LocalFolder {
  const slug = fullSlug.slice(fullSlug.lastIndexOf("/") + 1);
  return {
    fullSlug,
    slug,
    name: hasName(named) ? named.name : nameFromSlug(slug),
    named: hasName(named),
    parentSlug: folderOf(fullSlug),
    ...(typeof named?.position === "number" ? { position: named.position } : {}),
    sourceIds: [],
  };
}

/** `case-studies` → `Case studies`: what an editor would type for a folder made by hand. */
export function nameFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function hasName(folder: NamedFolder | undefined): folder is NamedFolder & { name: string } {
  return typeof folder?.name === "string" && folder.name.trim() !== "";
}

function depth(fullSlug: string): number {
  return fullSlug.split("/").length;
}

async function readNamedFolders(dir: string): Promise<Map<string, NamedFolder>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(join(dir, "space", "folders.json"), "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw new Error(`${join(dir, "space", "folders.json")}: ${(error as Error).message}`);
  }
  const list = (parsed as { folders?: unknown }).folders;
  const named = new Map<string, NamedFolder>();
  if (!Array.isArray(list)) return named;
  for (const folder of list as NamedFolder[]) {
    if (typeof folder?.full_slug === "string") named.set(folder.full_slug.replace(/\/+$/, ""), folder);
  }
  return named;
}
