/**
 * The second production build of the site, from a Storyblok space as a
 * deployed site builds (CONTENT_SOURCE=storyblok, read over HTTP):
 *   1. a local space that `portfolio space push` filled with content/
 *      (support/pushed-space.ts), as a portfolio owner moving to their own
 *      space fills it;
 *   2. written into the space's folder beside what the push wrote: the
 *      hostile fixture stories (tests/fixtures/hostile-content; one nests
 *      deeper than `space push` sends, and it says so) and the 40 bulk
 *      projects of the instances test (support/bulk-publish.ts; pushed,
 *      they would add most of a minute at 3 requests a second);
 *   3. `next build` against that space's Content Delivery API, with the main
 *      build's preview settings and standalone output; not type-checked again
 *      (the main build's code is the same, and `tsc` checks it).
 * Four specs use it, so that `npm test` builds the site twice instead of six
 * times:
 *   - space-push-build.spec.ts: every page the main build prerendered from
 *     the embedded content, prerendered here from the pushed space with the
 *     same HTML but for asset hosts;
 *   - hostile-content.spec.ts: `next start` of it with that content;
 *   - publishing.spec.ts: a copy of it is build B, the standalone server.js
 *     that replaces build A (a copy of the main build);
 *   - instances.spec.ts: two `next start` of a copy of it with REDIS_URL (its
 *     bulk projects prerendered, as on a site that had them when built).
 * The last three read their content source, secrets and REDIS_URL when their
 * server starts, not from the build.
 *
 * In its own folder beside .next, not inside it: Next.js writes a standalone
 * server.js as CommonJS or ESM after the package.json above the build folder
 * (this repository's is "type": "module"), so only a build folder at the top
 * of the repository gets a server.js that runs. Dot-folders are not in
 * tsconfig.json's `**` patterns, so `tsc` does not check the copy of the
 * sources that standalone output holds.
 *
 * `npm test` builds it as its own step, alongside the main build
 * (`npx tsx tests/e2e/hostile-build.ts`), so the build never competes for
 * CPU with running browser tests; the specs build it only when it is missing
 * or older than the main build (see REPORT).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { DEFAULT_LOCALE } from "../../src/i18n/locales";
import { startNextServer } from "../support/next-server";
import { previewEnv } from "./fixtures/preview-setup";
import { addBulkProjects } from "./support/bulk-publish";
import { pushedSpace, SPACE_PREVIEW_TOKEN, SPACE_PUBLIC_TOKEN } from "./support/pushed-space";

const ROOT = process.cwd();
/** Next's CLI run by node itself, so the build is our own child process. */
const NEXT_CLI = join(ROOT, "node_modules/next/dist/bin/next");
/** Relative to the repository; also the build's own folder inside its standalone output. */
export const HOSTILE_DIST = ".next-e2e-hostile";
const DIST_DIR = HOSTILE_DIST;
export interface HostileBuild {
  /** Everything `next build` printed. */
  log: string;
  seconds: number;
  /** The paths it prerendered as static HTML, as the site serves them (its prerender manifest; the log lists only the slowest). */
  prerendered: string[];
  /** What `space push` printed: its summary of creates, updates and requests. */
  pushLog: string;
  pushSeconds: number;
  /** The origin the pushed space served its assets from while the site was built. */
  spaceOrigin: string;
}

export interface HostileSite {
  url: string;
  /** Everything `next start` printed so far. */
  serverLog(): string;
  close(): Promise<void>;
}

/**
 * What the build printed and prerendered, kept in the main build's folder: `next build` empties
 * that folder when it starts, so a newer main build (newer code) leaves this build without a
 * report, and the specs build it again. (npm test starts both builds at once; this one writes its
 * report at its end, long after the main build has emptied .next.)
 */
const REPORT = join(ROOT, ".next", "hostile-build.json");
/** The standalone server of the build (publishing.spec.ts's build B). */
const STANDALONE_SERVER = join(ROOT, DIST_DIR, "standalone", "server.js");

/**
 * The line `next build` prints once it has written its route types (<distDir>/types) and
 * next-env.d.ts, and starts compiling. Passed on as it comes (the rest is printed at the end):
 * scripts/test-all.sh starts the type-check, which reads those files, once both builds printed it.
 */
const COMPILING_LINE = "Creating an optimized production build";

function next(args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [NEXT_CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const compiling = !output.includes(COMPILING_LINE);
    output += chunk.toString();
    if (compiling && output.includes(COMPILING_LINE)) console.log(`next build (${DIST_DIR}): ${COMPILING_LINE}`);
  });
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** The hostile stories and the 40 bulk projects, written into a content or space folder. */
async function addTestStories(dir: string): Promise<void> {
  cpSync(join(ROOT, "tests/fixtures/hostile-content"), dir, { recursive: true });
  await addBulkProjects(dir);
}

async function contentWithHostileStories(): Promise<string> {
  const contentDir = mkdtempSync(join(tmpdir(), "hostile-content-"));
  cpSync(join(ROOT, "content"), contentDir, { recursive: true });
  await addTestStories(contentDir);
  return contentDir;
}

/** Pushes content/ into a new local space, adds the test stories, and builds from it into HOSTILE_DIST; rejects with the build's output when it fails. */
export async function buildHostileSite(): Promise<HostileBuild> {
  const spaceDir = mkdtempSync(join(tmpdir(), "pushed-space-"));
  const space = await pushedSpace(spaceDir, "content");
  try {
    await addTestStories(spaceDir);
    const started = Date.now();
    const build = next(["build", "--webpack"], {
      // The main build's preview settings (tests/e2e/fixtures/preview.env).
      ...previewEnv(),
      NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL ?? "https://elena-varga.example",
      CONTENT_SOURCE: "storyblok",
      STORYBLOK_TOKEN: SPACE_PUBLIC_TOKEN,
      STORYBLOK_PREVIEW_TOKEN: SPACE_PREVIEW_TOKEN,
      STORYBLOK_API_URL: `${space.origin}/v2`,
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_OUTPUT: "standalone",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_SKIP_TYPECHECK: "1",
    });
    const code = await new Promise<number | null>((resolve) => build.child.once("exit", resolve));
    const log = build.output();
    if (code !== 0) throw new Error(`next build from the pushed space with the hostile content failed (exit ${code}):\n${log}`);
    const manifest = JSON.parse(readFileSync(join(ROOT, DIST_DIR, "prerender-manifest.json"), "utf8")) as {
      routes: Record<string, unknown>;
    };
    const result: HostileBuild = {
      log,
      seconds: (Date.now() - started) / 1000,
      // The manifest names the default language's pages with its prefix (/en/projects/x); the site serves them without it.
      prerendered: Object.keys(manifest.routes).map((route) => route.replace(new RegExp(`^/${DEFAULT_LOCALE}(?=/|$)`), "") || "/"),
      pushLog: space.pushLog,
      pushSeconds: space.pushSeconds,
      spaceOrigin: space.origin,
    };
    mkdirSync(dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, JSON.stringify(result));
    return result;
  } finally {
    space.stop();
    rmSync(spaceDir, { recursive: true, force: true });
  }
}

/** The build made since the last main build, or a new one. */
export async function hostileBuild(): Promise<HostileBuild> {
  return existsSync(REPORT) && existsSync(STANDALONE_SERVER)
    ? (JSON.parse(readFileSync(REPORT, "utf8")) as HostileBuild)
    : buildHostileSite();
}

export async function serveHostileSite(): Promise<HostileSite> {
  const contentDir = await contentWithHostileStories();
  const removeContent = () => rmSync(contentDir, { recursive: true, force: true });
  try {
    const server = await startNextServer({ env: { CONTENT_DIR: contentDir }, distDir: DIST_DIR, timeoutMs: 60_000 });
    return {
      url: server.url,
      serverLog: server.output,
      close: async () => {
        await server.stop();
        removeContent();
      },
    };
  } catch (error) {
    removeContent();
    throw error;
  }
}

// `npx tsx tests/e2e/hostile-build.ts`: the build step of `npm test`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildHostileSite().then(
    (build) =>
      console.log(
        `space push in ${build.pushSeconds.toFixed(1)} s, next build from the pushed space with the hostile content in ${build.seconds.toFixed(1)} s\n${build.pushLog}`,
      ),
    (error: unknown) => {
      console.error(String(error instanceof Error ? error.message : error));
      process.exitCode = 1;
    },
  );
}
