import { readFileSync } from "node:fs";

/** TCP state ESTABLISHED, as /proc/net/tcp writes it. */
const ESTABLISHED = "01";

/**
 * How many bytes have come to the connections of the server listening on
 * `port` (on this machine) and are not read yet: the kernel's receive queues,
 * from /proc/net/tcp and tcp6 (Linux). With the server stopped (SIGSTOP), it
 * tells when a client's request is there, waiting for the server: an event a
 * test can wait for instead of sleeping and hoping the request went out.
 */
export function bytesWaitingAt(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  let waiting = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue; // no IPv6 on this machine
    }
    for (const line of text.split("\n").slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (!local?.endsWith(`:${hexPort}`) || state !== ESTABLISHED || !queues) continue;
      waiting += Number.parseInt(queues.split(":")[1] ?? "0", 16);
    }
  }
  return waiting;
}
