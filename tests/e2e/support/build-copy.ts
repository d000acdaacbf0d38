/**
 * A copy of a production build that `npm test` already made, for a browser
 * test that serves it under its own conditions (the content API over HTTP,
 * Redis, a newer build replacing it) instead of building the same code
 * again. `next start` and the standalone server.js read their content
 * source, secrets, REDIS_URL and NEXT_DIST_DIR when they start, so one build
 * serves all of these. A copy, not the build itself: a server regenerates
 * pages into its build folder, and the other tests' build must stay as built.
 * Without webpack's cache and without the builds nested in it (.next/hostile):
 * a few MB, copied in well under a second.
 */
import { existsSync } from "node:fs";
import { cp, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";

const REPO = process.cwd();

/** A folder with the BUILD_ID file that every `next build` writes. */
export const isBuild = (dir: string): boolean => existsSync(join(REPO, dir, "BUILD_ID"));

/**
 * Copies the build in `from` to `to` (both relative to the repository), replacing
 * what `to` held. Rejects, naming the command, when `from` holds no build.
 */
export async function copyBuild(from: string, to: string): Promise<void> {
  if (!isBuild(from)) throw new Error(`no production build in ${from}: run \`npm test\`, or the build steps of scripts/test-all.sh, first`);
  const source = join(REPO, from);
  await rm(join(REPO, to), { recursive: true, force: true });
  await cp(source, join(REPO, to), {
    recursive: true,
    filter: (path) => {
      const inside = relative(source, path);
      if (inside === "") return true;
      const top = inside.split(sep)[0] as string;
      // webpack's cache, and a build nested in this one (its own BUILD_ID), belong to other builds.
      return top !== "cache" && !(inside === top && isBuild(join(from, top)));
    },
  });
}
