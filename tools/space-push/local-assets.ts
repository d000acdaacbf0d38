/**
 * The asset files a push uploads: every file under `assets/` and every local
 * asset path (`/assets/…`) the stories use, each with the SHA-256 of its
 * bytes. The hash is what matches a file to an asset already in the space,
 * so a renamed file is not uploaded twice and a changed one is.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { basename, join, relative, sep } from "node:path";
import type { StoryFileProblem } from "../../src/content/sources/local-cdn/story-types";
import { assetPathsIn } from "./asset-paths";
import { storyVersions, type LocalStory } from "./local-stories";

export interface LocalAsset {
  /** As the content writes it: `/assets/logo.svg`. */
  path: string;
  /** On disk. */
  file: string;
  /** The name the space gives the upload. */
  shortFilename: string;
  /** Lowercase hex SHA-256 of the file's bytes. */
  sha256: string;
  size: number;
}

export class MissingAssetsError extends Error {
  override name = "MissingAssetsError";
  constructor(readonly problems: readonly StoryFileProblem[]) {
    super(`asset files are missing:\n${problems.map(({ file, problem }) => `  ${file}: ${problem}`).join("\n")}`);
  }
}

/** Sorted by path. Throws MissingAssetsError, naming each story, when a story uses a file that is not there. */
export async function readLocalAssets(dir: string, stories: readonly LocalStory[]): Promise<LocalAsset[]> {
  const onDisk = new Set(await listFiles(join(dir, "assets")));
  const paths = new Set([...onDisk].map((file) => `/${relative(dir, file).split(sep).join("/")}`));
  const missing: StoryFileProblem[] = [];
  for (const story of stories) {
    for (const version of storyVersions(story)) {
      for (const path of assetPathsIn(version.content)) {
        if (paths.has(path)) continue;
        if (onDisk.has(join(dir, ...path.slice(1).split("/")))) paths.add(path);
        else missing.push({ file: story.file, problem: `uses asset "${path}", which has no file in ${join(dir, "assets")}` });
      }
    }
  }
  if (missing.length > 0) throw new MissingAssetsError(dedupe(missing));
  const assets = await Promise.all(
    [...paths].map(async (path) => {
      const file = join(dir, ...path.slice(1).split("/"));
      const bytes = await readFile(file);
      return { path, file, shortFilename: basename(file), sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.length };
    }),
  );
  return assets.sort((a, b) => a.path.localeCompare(b.path, "en-us"));
}

/** Every file under `root` (none when it does not exist), hidden files left out. */
async function listFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith("."))
      .map((entry) =>
        entry.isDirectory() ? listFiles(join(root, entry.name)) : Promise.resolve(entry.isFile() ? [join(root, entry.name)] : []),
      ),
  );
  return nested.flat();
}

function dedupe(problems: StoryFileProblem[]): StoryFileProblem[] {
  const seen = new Set<string>();
  return problems.filter(({ file, problem }) => !seen.has(`${file}\n${problem}`) && seen.add(`${file}\n${problem}`));
}
