/**
 * A real Redis server (Debian's `redis-server` package) for tests: started
 * on a free loopback port with its files in a temporary folder and no
 * persistence, stopped and started again on the same port (Redis going
 * away mid-run), gone when stopped. `.ci/run` installs the package; where
 * the binary is missing, `redisBinary()` is null and the tests that need a
 * server say so and skip.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { freePort } from "./free-port";

export interface LocalRedis {
  port: number;
  url: string;
  /** Stops the server (its data is gone: no persistence), as a Redis that goes away. */
  pause(): Promise<void>;
  /** Starts an empty server again on the same port. */
  resume(): Promise<void>;
  stop(): Promise<void>;
  /** Runs one redis-cli command against the server and returns its output. */
  cli(...args: string[]): string;
}

/** The redis-server binary, on PATH or where Debian puts it; null when not installed. */
export function redisBinary(): string | null {
  for (const folder of [...(process.env.PATH ?? "").split(delimiter), "/usr/bin", "/usr/sbin"]) {
    if (folder && existsSync(join(folder, "redis-server"))) return join(folder, "redis-server");
  }
  return null;
}

export const NO_REDIS =
  "Redis is not installed (redis-server not found); install Debian's redis-server package (.ci/run does) to run the Redis tests.";

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startLocalRedis(): Promise<LocalRedis> {
  const binary = redisBinary();
  if (!binary) throw new Error(NO_REDIS);
  const folder = mkdtempSync(join(tmpdir(), "portfolio-redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    child = spawn(
      binary!,
      ["--port", String(port), "--bind", "127.0.0.1", "--dir", folder, "--save", "", "--appendonly", "no", "--protected-mode", "no"],
      {
        stdio: "ignore",
      },
    );
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  async function halt(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGKILL");
    });
  }
  const killOnExit = () => child?.kill("SIGKILL");
  process.once("exit", killOnExit);
  await start();

  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pause: halt,
    resume: start,
    async stop() {
      process.off("exit", killOnExit);
      await halt();
      rmSync(folder, { recursive: true, force: true });
    },
    cli(...args) {
      const result = spawnSync(join(binary!, "..", "redis-cli"), ["-p", String(port), ...args], { encoding: "utf8" });
      return result.stdout.trim();
    },
  };
}
