/**
 * Stops a server process as a platform does: SIGTERM, then SIGKILL once a
 * grace period is over. `next start` (and a standalone server.js) answers
 * SIGTERM with `server.close()`, which waits for every open connection, and
 * Node counts a socket that has connected but sent no request yet (Chromium
 * opens such sockets ahead of need) as open until its headers time out, 60 s
 * later: without the grace period a test's clean-up waited for it.
 */
import type { ChildProcess } from "node:child_process";

const STOP_GRACE_MS = 5_000;

const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

export function exited(child: ChildProcess): Promise<void> {
  return hasExited(child) ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

/** `send` delivers a signal (to the process group, say); the child itself by default. */
export async function terminate(
  child: ChildProcess,
  send: (signal: NodeJS.Signals) => void = (signal) => void child.kill(signal),
): Promise<void> {
  if (hasExited(child)) return;
  send("SIGTERM");
  let grace: NodeJS.Timeout | undefined;
  const graceOver = new Promise<"over">((resolve) => (grace = setTimeout(() => resolve("over"), STOP_GRACE_MS)));
  const outcome = await Promise.race([exited(child), graceOver]);
  clearTimeout(grace);
  if (outcome !== "over") return;
  send("SIGKILL");
  await exited(child);
}
