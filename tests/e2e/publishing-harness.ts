/**
 * Helpers for the publishing browser tests: the local content API over HTTP
 * on a temp copy of content/, and production servers (`next start` or a
 * standalone build's server.js) on a free port, with their logs kept for
 * assertions. The builds they serve are copies (support/build-copy.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalCdn } from "../../src/content/sources/local-cdn/create-local-cdn";
import { serveOverHttp, type RunningServer } from "../../src/content/sources/local-cdn/http-server";
import { freePort as anyFreePort } from "../support/free-port";
import { terminate } from "../support/terminate";

export const REPO = process.cwd();

type Env = Record<string, string>;

/** A port nobody listens on now (the kernel's pick), or the one the environment names. */
export async function freePort(fromEnv?: string): Promise<number> {
  return fromEnv ? Number(fromEnv) : anyFreePort();
}

export interface ContentApi {
  dir: string;
  /** e.g. http://127.0.0.1:40123/v2 */
  apiUrl: string;
  /** While set, the project listings the pages read answer 503 (the content API failing for them). */
  failProjectListings: boolean;
  close(): Promise<void>;
}

/** The embedded content copied to a temp folder and served over HTTP by the local content API. */
export async function startContentApi(token: string): Promise<ContentApi> {
  const dir = await mkdtemp(join(tmpdir(), "publish-content-"));
  await cp(join(REPO, "content"), dir, { recursive: true });
  const handler = createLocalCdn({ dir, token, checkIntervalMs: 0, onProblems: () => undefined });
  const api: ContentApi = {
    dir,
    apiUrl: "",
    failProjectListings: false,
    close: async () => {
      await running.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  const running: RunningServer = await serveOverHttp(async (request) => {
    if (api.failProjectListings && new URL(request.url).searchParams.get("content_type") === "project") {
      return new Response(JSON.stringify({ error: "Service Unavailable" }), { status: 503, statusText: "Service Unavailable" });
    }
    return handler(request);
  }, 0);
  api.apiUrl = `${running.url}/v2`;
  return api;
}

export interface Site {
  url: string;
  logs: string[];
  stop(): Promise<void>;
}

function run(command: string, args: string[], env: Env, cwd = REPO): { child: ChildProcess; logs: string[] } {
  const logs: string[] = [];
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => logs.push(...chunk.toString().split("\n").filter(Boolean)));
  child.stderr?.on("data", (chunk: Buffer) => logs.push(...chunk.toString().split("\n").filter(Boolean)));
  return { child, logs };
}

/** Starts a production server and waits until it answers `/api/build-info`. */
export async function startSite(command: string, args: string[], port: number, env: Env, cwd?: string): Promise<Site> {
  const { child, logs } = run(command, args, { PORT: String(port), HOSTNAME: "127.0.0.1", ...env }, cwd);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the site exited (${child.exitCode}):\n${logs.join("\n")}`);
    const ok = await fetch(`${url}/api/build-info`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the site did not start on ${url}:\n${logs.join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    logs,
    stop: () => terminate(child),
  };
}
