/**
 * `next start` for a built app on a free loopback port, and a way to stop it.
 * The port comes from the OS (port 0), so the bench never collides with
 * another server on the machine.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

export interface RunningSite {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, exited: () => string | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = exited();
    if (reason) throw new Error(`next start exited before serving ${url}: ${reason}`);
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`next start did not serve ${url} within ${timeoutMs / 1000} s`);
}

export async function startNext(dir: string, env: Record<string, string> = {}): Promise<RunningSite> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(dir, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let exitReason: string | undefined;
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.on("exit", (code, signal) => {
      exitReason = `${signal ?? `code ${code}`}\n${output.slice(-2000)}`;
      resolve();
    }),
  );
  // If the bench dies before stopping it (an uncaught error), the server must not outlive it.
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.off("exit", killOnExit);
    if (exitReason === undefined) child.kill("SIGTERM");
    await exited;
  };
  try {
    await waitUntilServing(`${url}/`, () => exitReason, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
