/**
 * A copy of a production build that `npm test` already made, for a browser
 * test that serves it under its own conditions (the content API over HTTP,
 * Redis, a newer build replacing it) instead of building the same code
 * again. `next start` and the standalone server.js read their content
 * source, secrets, REDIS_URL and NEXT_DIST_DIR when they start, so one build
 * serves all of these. A copy, not the build itself: a server regenerates
 * pages into its build folder, and the other tests' build must stay as built.
 * Without webpack's cache and without the builds nested in it (.next/hostile):
 * a few MB, copied in well under a second. A standalone build's node_modules
 * (70 MB, 4,000 files, which copying took about 6 s of a test's time) is
 * linked instead, file by file: no server writes there.
 */
import { existsSync } from "node:fs";
import { cp, link, mkdir, readdir, readlink, rm, symlink } from "node:fs/promises";
import { join, relative, sep } from "node:path";

const REPO = process.cwd();

/** A folder with the BUILD_ID file that every `next build` writes. */
const isBuild = (dir: string): boolean => existsSync(join(REPO, dir, "BUILD_ID"));

/**
 * Copies the build in `from` to `to` (both relative to the repository), replacing
 * what `to` held. Rejects, naming the command, when `from` holds no build.
 */
export async function copyBuild(from: string, to: string): Promise<void> {
  if (!isBuild(from)) throw new Error(`no production build in ${from}: run \`npm test\`, or the build steps of scripts/test-all.sh, first`);
  const source = join(REPO, from);
  await rm(join(REPO, to), { recursive: true, force: true });
  const packages = join("standalone", "node_modules");
  await cp(source, join(REPO, to), {
    recursive: true,
    filter: (path) => {
      const inside = relative(source, path);
      if (inside === "") return true;
      if (inside === packages) return false;
      const top = inside.split(sep)[0] as string;
      // webpack's cache, and a build nested in this one (its own BUILD_ID), belong to other builds.
      return top !== "cache" && !(inside === top && isBuild(join(from, top)));
    },
  });
  if (existsSync(join(source, packages))) await linkTree(join(source, packages), join(REPO, to, packages));
}

/** `to` made as `from`: its folders made, its files hard links to the same files, its symbolic links copied. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  await Promise.all(
    (await readdir(from, { withFileTypes: true })).map(async (entry) => {
      const [source, target] = [join(from, entry.name), join(to, entry.name)];
      if (entry.isDirectory()) await linkTree(source, target);
      else if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
      else await link(source, target);
    }),
  );
}
