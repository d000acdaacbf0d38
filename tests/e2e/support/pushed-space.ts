/**
 * A Storyblok space that `portfolio space push` filled, as a portfolio owner
 * moving to their own space fills it: `portfolio content serve` on an empty
 * folder (the Management API under /v1, the Content Delivery API under /v2),
 * then `space push` of a content folder into it (schema, folders, assets,
 * stories in their states) through Storyblok's own Management API client.
 * The space keeps its stories in its folder, as content/ does: a test may
 * add stories there that no push could send (hostile-build.ts's).
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../support/free-port";

const exec = promisify(execFile);
const ROOT = process.cwd();
const PORTFOLIO_CLI = join(ROOT, "bin/portfolio.js");

/** The local space's id and tokens: the CLI's defaults, named here so the test reads as a real move would. */
const SPACE_ID = "1";
const OAUTH_TOKEN = "local-oauth";
export const SPACE_PUBLIC_TOKEN = "local";
export const SPACE_PREVIEW_TOKEN = "local-preview";

export interface PushedSpace {
  /** Where the space answers: its Content Delivery API is `${origin}/v2`, its assets are served from it. */
  origin: string;
  /** What `space push` printed: its summary of creates, updates and requests. */
  pushLog: string;
  pushSeconds: number;
  stop(): void;
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
    const up = await fetch(`${origin}/v2/cdn/spaces/me?token=${SPACE_PUBLIC_TOKEN}`).then(
      () => true,
      () => false,
    );
    if (up) return { child, origin };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`content serve did not answer within 20 s:\n${output}`);
}

/** Serves an empty space from `spaceDir` and pushes `contentDir` into it; the space stays up until stop(). */
export async function pushedSpace(spaceDir: string, contentDir: string): Promise<PushedSpace> {
  const { child, origin } = await serveEmptySpace(spaceDir);
  try {
    const cliEnv = { ...process.env, STORYBLOK_OAUTH_TOKEN: OAUTH_TOKEN, STORYBLOK_MANAGEMENT_API_URL: `${origin}/v1` };
    const started = Date.now();
    const push = await exec(process.execPath, [PORTFOLIO_CLI, "space", "push", "--space", SPACE_ID, "--dir", contentDir, "--yes"], {
      cwd: ROOT,
      env: cliEnv,
    });
    return { origin, pushLog: push.stdout, pushSeconds: (Date.now() - started) / 1000, stop: () => child.kill() };
  } catch (error) {
    child.kill();
    throw error;
  }
}
