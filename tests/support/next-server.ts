/**
 * A `next start` of the existing production build (.next) in its own
 * process, on a free port, with its own environment: the contact tests
 * point it at their SMTP server and a temporary database, and kill it to
 * simulate a crash or restart.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { freePort } from "./free-port";

export interface NextServer {
  url: string;
  /** SIGKILL: the process gets no chance to finish anything, as in a crash. */
  crash(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}


function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startNextServer(env: Record<string, string>, timeoutMs = 30_000): Promise<NextServer> {
  const port = await freePort();
  const nextBin = join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${url}/contact`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`next start did not answer within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async crash() {
      child.kill("SIGKILL");
      await exited(child);
    },
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
    },
    output: () => log,
  };
}
