/**
 * A second production server of the same build, for tests that need the
 * site under different conditions than Playwright's own webServer (e.g. a
 * content API that fails). Ports are taken from the OS (port 0), never fixed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { freePort } from "../../support/free-port";

export interface RunningSite {
  url: string;
  /** Everything the server printed, for failure messages and log assertions. */
  output(): string;
  stop(): Promise<void>;
}


async function waitUntilUp(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`next start did not answer at ${url}`);
}

/** `next start` on the existing build with `env` added to the environment. */
export async function startSite(env: Record<string, string>): Promise<RunningSite> {
  const port = await freePort();
  // Next's own binary in its own process group: stopping the group stops the
  // server it forks too (through npx, a kill would reach npx only).
  const child = spawn(process.execPath, [join(process.cwd(), "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const stopGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url, child, Date.now() + 30_000);
  } catch (error) {
    stopGroup("SIGKILL");
    throw new Error(`${String(error)}\n${output}`);
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        stopGroup("SIGTERM");
      }),
  };
}
