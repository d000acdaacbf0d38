/**
 * A `next start` of an existing production build in its own process, on a
 * free loopback port, with its own environment: for tests that need the site
 * under other conditions than Playwright's webServer (a content API that
 * fails, their own SMTP server and database, a second build), tests that kill
 * it to simulate a crash or restart, and the phone benchmark. Or a
 * `next dev --webpack` of the sources (`mode: "dev"`), for the test that
 * compares its pages with production's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { freePort } from "./free-port";
import { exited, terminate } from "./terminate";

export interface NextServerOptions {
  /** Added to this process's environment. */
  env?: Record<string, string>;
  /** The app whose build is served, with Next from its own node_modules; this repository by default. */
  dir?: string;
  /** The build inside `dir` (.next by default). Passed as NEXT_DIST_DIR, which this repository's next.config.ts reads. */
  distDir?: string;
  /** A hang guard on its first answer (`next start` answers within a few seconds on a quiet machine). */
  timeoutMs?: number;
  /** `next start` of a build (the default), or `next dev --webpack` (webpack, as `npm run dev`). */
  mode?: "start" | "dev";
  /** Options for node itself, before Next's binary (`--cpu-prof`, which NODE_OPTIONS does not allow). */
  nodeArgs?: readonly string[];
}

export interface NextServer {
  url: string;
  /** The server's process (the leader of its process group: whatever it forks shares the group). */
  pid: number;
  /** Everything the server printed, for failure messages and log assertions. */
  output(): string;
  /** SIGTERM, then waits until the server has exited: SIGKILL after a grace period, as a platform does (terminate.ts). */
  stop(): Promise<void>;
  /** SIGKILL: the process gets no chance to finish anything, as in a crash. */
  crash(): Promise<void>;
}

/**
 * Up once it answers at all, whatever the status: robots.txt needs no
 * content, so a server pointed at a failing content API counts as up too.
 */
async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.signalCode ?? child.exitCode})`);
    const answered = await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer at ${url} within ${timeoutMs / 1000} s`);
}

export async function startNextServer({
  env = {},
  dir = process.cwd(),
  distDir,
  timeoutMs = 60_000,
  mode = "start",
  nodeArgs = [],
}: NextServerOptions = {}): Promise<NextServer> {
  const port = await freePort();
  const command = mode === "dev" ? ["dev", "--webpack"] : ["start"];
  // Next's own binary run by node, not through npx, in a process group of its
  // own: signalling the group reaches every process the server forks too.
  const child = spawn(
    process.execPath,
    [...nodeArgs, join(dir, "node_modules", "next", "dist", "bin", "next"), ...command, "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...(distDir && { NEXT_DIST_DIR: distDir }), ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  // A detached server would outlive a test run that ends without stopping it (an uncaught error).
  const killOnExit = () => signal("SIGKILL");
  process.once("exit", killOnExit);
  const end = async (name: NodeJS.Signals) => {
    process.off("exit", killOnExit);
    if (name === "SIGTERM") return terminate(child, signal);
    signal(name);
    await exited(child);
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child, timeoutMs);
  } catch (error) {
    await end("SIGKILL");
    throw new Error(`${error instanceof Error ? error.message : String(error)}:\n${output}`);
  }
  return { url, pid: child.pid ?? 0, output: () => output, stop: () => end("SIGTERM"), crash: () => end("SIGKILL") };
}
