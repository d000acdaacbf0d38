/**
 * A second production build of the site, with the hostile fixture stories
 * (tests/fixtures/hostile-content) added to a copy of the embedded content,
 * served by `next start` on a free port. Built into .next/hostile so the main
 * build the other browser tests use stays as it is; not type-checked again
 * (the main build and `tsc` check the same code).
 *
 * `npm test` builds it as its own step after the main build
 * (`npx tsx tests/e2e/hostile-build.ts`), so the build never competes for
 * CPU with running browser tests; the spec builds it only when it is missing.
 * Like the main build, it is as fresh as the last `next build` (which clears .next).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startNextServer } from "../support/next-server";

const ROOT = process.cwd();
/** Next's CLI run by node itself, so the build is our own child process. */
const NEXT_CLI = join(ROOT, "node_modules/next/dist/bin/next");
const DIST_DIR = ".next/hostile";

export interface HostileBuild {
  /** Everything `next build` printed. */
  log: string;
  seconds: number;
}

export interface HostileSite {
  url: string;
  /** Everything `next start` printed so far. */
  serverLog(): string;
  close(): Promise<void>;
}

const REPORT = join(ROOT, DIST_DIR, "hostile-build.json");


function next(args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [NEXT_CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

function contentWithHostileStories(): string {
  const contentDir = mkdtempSync(join(tmpdir(), "hostile-content-"));
  cpSync(join(ROOT, "content"), contentDir, { recursive: true });
  cpSync(join(ROOT, "tests/fixtures/hostile-content"), contentDir, { recursive: true });
  return contentDir;
}

/** Builds the site with the hostile stories into .next/hostile; rejects with the build's output when it fails. */
export async function buildHostileSite(): Promise<HostileBuild> {
  const contentDir = contentWithHostileStories();
  try {
    const started = Date.now();
    const build = next(["build", "--webpack"], { CONTENT_DIR: contentDir, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", NEXT_SKIP_TYPECHECK: "1" });
    const code = await new Promise<number | null>((resolve) => build.child.once("exit", resolve));
    const result = { log: build.output(), seconds: (Date.now() - started) / 1000 };
    if (code !== 0) throw new Error(`next build with the hostile content failed (exit ${code}):\n${result.log}`);
    writeFileSync(REPORT, JSON.stringify(result));
    return result;
  } finally {
    rmSync(contentDir, { recursive: true, force: true });
  }
}

/** The build made since the last main build, or a new one. */
export async function hostileBuild(): Promise<HostileBuild> {
  return existsSync(REPORT) ? (JSON.parse(readFileSync(REPORT, "utf8")) as HostileBuild) : buildHostileSite();
}

export async function serveHostileSite(): Promise<HostileSite> {
  const contentDir = contentWithHostileStories();
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
    (build) => console.log(`next build with the hostile content: ok in ${build.seconds.toFixed(1)} s`),
    (error: unknown) => {
      console.error(String(error instanceof Error ? error.message : error));
      process.exitCode = 1;
    },
  );
}
