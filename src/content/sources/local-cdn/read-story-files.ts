/**
 * Reads story files from disk and turns each into a story or a problem.
 * A broken file never stops the others from loading: the caller gets both
 * lists and decides how to report.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { CdnStory, StoryFileProblem } from "./story-types";

export interface StoryFile {
  /** Relative to the content directory, with forward slashes. */
  file: string;
  story: CdnStory;
}

export interface FileStamp {
  file: string;
  mtimeMs: number;
  size: number;
}

/** Every `*.json` under `root`, sorted so loading order (and so duplicate reports) is stable. */
export async function listJsonFiles(root: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.endsWith(".json"))
    .map((entry) => join(root, entry))
    .sort((a, b) => a.localeCompare(b, "en-us"));
}

/** Size and mtime of each file: cheap enough to compare on every request. */
export async function stampFiles(files: readonly string[]): Promise<FileStamp[]> {
  return Promise.all(
    files.map(async (file) => {
      const info = await stat(file).catch(() => undefined);
      return { file, mtimeMs: info?.mtimeMs ?? 0, size: info?.size ?? -1 };
    }),
  );
}

export async function readStoryFile(path: string, contentDir: string): Promise<StoryFile | StoryFileProblem> {
  const file = relative(contentDir, path).split(sep).join("/");
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    return { file, problem: `not valid JSON: ${(error as Error).message}` };
  }
  const problem = storyShapeProblem(parsed);
  return problem ? { file, problem } : { file, story: parsed as CdnStory };
}

/** The fields the CDN itself relies on; everything else is passed through as written. */
function storyShapeProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return 'not a story object (expected the object the CDN returns under "story")';
  }
  const story = value as Record<string, unknown>;
  const content = story.content as Record<string, unknown> | null | undefined;
  if (typeof content !== "object" || content === null || typeof content.component !== "string" || content.component === "") {
    return "content.component is missing";
  }
  if (typeof story.full_slug !== "string" || story.full_slug === "") return "full_slug is missing";
  if (typeof story.uuid !== "string" || story.uuid === "") return "uuid is missing";
  if (typeof story.id !== "number") return "id is missing or not a number";
  return undefined;
}
