/**
 * A second production build of the site, with the hostile fixture stories
 * (tests/fixtures/hostile-content) added to a copy of the embedded content,
 * served by `next start` on a free port. Built into .next/hostile so the main
 * build the other browser tests use stays as it is; not type-checked again
 * (the main build and `tsc` check the same code).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = process.cwd();
/** Next's CLI run by node itself, so the server is our own child process and stops with it. */
const NEXT_CLI = join(ROOT, "node_modules/next/dist/bin/next");
const DIST_DIR = ".next/hostile";

export interface HostileSite {
  url: string;
  /** Everything `next build` printed. */
  buildLog: string;
  buildSeconds: number;
  /** Everything `next start` printed so far. */
  serverLog(): string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function next(args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [NEXT_CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function waitForServer(url: string, server: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`next start exited (${server.exitCode}):\n${log()}`);
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`next start did not answer at ${url}:\n${log()}`);
}

export async function buildAndServeHostileSite(): Promise<HostileSite> {
  const contentDir = mkdtempSync(join(tmpdir(), "hostile-content-"));
  cpSync(join(ROOT, "content"), contentDir, { recursive: true });
  cpSync(join(ROOT, "tests/fixtures/hostile-content"), contentDir, { recursive: true });
  const env = { CONTENT_DIR: contentDir, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" };

  const started = Date.now();
  const build = next(["build"], { ...env, NEXT_SKIP_TYPECHECK: "1" });
  const code = await new Promise<number | null>((resolve) => build.child.once("exit", resolve));
  const buildSeconds = (Date.now() - started) / 1000;
  if (code !== 0) throw new Error(`next build with the hostile content failed (exit ${code}):\n${build.output()}`);

  const port = await freePort();
  const server = next(["start", "-p", String(port), "-H", "127.0.0.1"], env);
  const url = `http://127.0.0.1:${port}`;
  await waitForServer(`${url}/`, server.child, server.output);
  return {
    url,
    buildLog: build.output(),
    buildSeconds,
    serverLog: server.output,
    async close() {
      if (server.child.exitCode === null) {
        const exited = new Promise((resolve) => server.child.once("exit", resolve));
        server.child.kill("SIGTERM");
        await exited;
      }
      rmSync(contentDir, { recursive: true, force: true });
    },
  };
}
