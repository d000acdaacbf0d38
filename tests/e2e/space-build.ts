/**
 * The site built from a Storyblok space that `portfolio space push` filled,
 * as a portfolio owner moving to their own space would build it:
 *   1. an empty local space (`portfolio content serve` on an empty folder:
 *      the Management API under /v1, the Content Delivery API under /v2);
 *   2. `portfolio space push` of content/ into it (schema, folders, assets,
 *      stories in their states), through Storyblok's own Management API
 *      client;
 *   3. `next build` with CONTENT_SOURCE=storyblok against that space's
 *      Content Delivery API over HTTP, into .next-e2e-space.
 * space-push-build.spec.ts then compares every page it prerendered with the
 * main build's (the embedded content): equal but for asset hosts.
 *
 * `npm test` runs it as a build step beside the other two
 * (`npx tsx tests/e2e/space-build.ts`); the spec builds it only when it is
 * missing or older than the main build.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { freePort } from "../support/free-port";

const exec = promisify(execFile);
const ROOT = process.cwd();
const NEXT_CLI = join(ROOT, "node_modules/next/dist/bin/next");
const PORTFOLIO_CLI = join(ROOT, "bin/portfolio.js");
export const SPACE_DIST = ".next-e2e-space";
/**
 * Kept in the main build's folder, which `next build` empties when it starts: a newer main build
 * (newer code) marks this one stale, and `npm test` may start both builds at once.
 */
const REPORT = join(ROOT, ".next", "space-build.json");

/** The local space's id and tokens: the CLI's defaults, named here so the test reads as a real move would. */
export const SPACE_ID = "1";
const OAUTH_TOKEN = "local-oauth";
const PUBLIC_TOKEN = "local";
const PREVIEW_TOKEN = "local-preview";

export interface SpaceBuild {
  /** What `space push` printed: its summary of creates, updates and requests. */
  pushLog: string;
  pushSeconds: number;
  buildSeconds: number;
  /** The origin the local space served its assets from while the site was built. */
  spaceOrigin: string;
}

/** The build's environment beside the content source: the main build's preview settings (tests/e2e/fixtures/preview.env). */
function previewSettings(): Record<string, string> {
  const lines = readFileSync(join(ROOT, "tests/e2e/fixtures/preview.env"), "utf8").split("\n");
  return Object.fromEntries(
    lines
      .filter((line) => line.trim() !== "" && !line.startsWith("#"))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

async function serveEmptySpace(dir: string): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [PORTFOLIO_CLI, "content", "serve", "--dir", dir, "--port", String(port), "--space-id", SPACE_ID], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`content serve exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${origin}/v2/cdn/spaces/me?token=${PUBLIC_TOKEN}`).then(
      () => true,
      () => false,
    );
    if (up) return { child, origin };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`content serve did not answer within 20 s:\n${output}`);
}

export async function buildFromPushedSpace(): Promise<SpaceBuild> {
  const spaceDir = mkdtempSync(join(tmpdir(), "pushed-space-"));
  const { child: server, origin } = await serveEmptySpace(spaceDir);
  try {
    const cliEnv = { ...process.env, STORYBLOK_OAUTH_TOKEN: OAUTH_TOKEN, STORYBLOK_MANAGEMENT_API_URL: `${origin}/v1` };
    const pushStarted = Date.now();
    const push = await exec(process.execPath, [PORTFOLIO_CLI, "space", "push", "--space", SPACE_ID, "--dir", "content", "--yes"], { cwd: ROOT, env: cliEnv });
    const pushSeconds = (Date.now() - pushStarted) / 1000;

    const buildStarted = Date.now();
    const build = spawn(process.execPath, [NEXT_CLI, "build", "--webpack"], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...previewSettings(),
        NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL ?? "https://elena-varga.example",
        CONTENT_SOURCE: "storyblok",
        STORYBLOK_TOKEN: PUBLIC_TOKEN,
        STORYBLOK_PREVIEW_TOKEN: PREVIEW_TOKEN,
        STORYBLOK_API_URL: `${origin}/v2`,
        NEXT_DIST_DIR: SPACE_DIST,
        NEXT_SKIP_TYPECHECK: "1",
        NEXT_TELEMETRY_DISABLED: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    build.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    build.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => build.once("exit", resolve));
    if (code !== 0) throw new Error(`next build from the pushed space failed (exit ${code}):\n${log}`);
    const result: SpaceBuild = {
      pushLog: push.stdout,
      pushSeconds,
      buildSeconds: (Date.now() - buildStarted) / 1000,
      spaceOrigin: origin,
    };
    mkdirSync(dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, JSON.stringify(result));
    return result;
  } finally {
    server.kill();
    rmSync(spaceDir, { recursive: true, force: true });
  }
}

/** The build made since the last main build, or a new one. */
export async function spaceBuild(): Promise<SpaceBuild> {
  return existsSync(REPORT) && existsSync(join(ROOT, SPACE_DIST, "BUILD_ID")) ? (JSON.parse(readFileSync(REPORT, "utf8")) as SpaceBuild) : buildFromPushedSpace();
}

// `npx tsx tests/e2e/space-build.ts`: a build step of `npm test`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildFromPushedSpace().then(
    (build) => console.log(`space push in ${build.pushSeconds.toFixed(1)} s, next build from the pushed space in ${build.buildSeconds.toFixed(1)} s\n${build.pushLog}`),
    (error: unknown) => {
      console.error(String(error instanceof Error ? error.message : error));
      process.exitCode = 1;
    },
  );
}
