/**
 * Another process on the same store, for the tests that need true
 * concurrency on one SQLite file (two handles in one process take turns
 * on the event loop; two processes really race for the file's lock).
 * Run as `node --import tsx store-worker.ts '<job JSON>'`: opens the store,
 * prints "ready", waits for a line on stdin (so every worker starts at
 * once), does the job and prints its result as JSON.
 */
import { once } from "node:events";
import type { StoreLocation } from "../../../../src/contact/server/store/location";
import { openMessageStore } from "../../../../src/contact/server/store/message-store";

export type WorkerJob =
  | { kind: "hits"; location: StoreLocation; address: string; count: number; limit: number; windowMs: number; at: number }
  | { kind: "claims"; location: StoreLocation; now: number; leaseMs: number }
  /** Opens the store only after "go", so every worker opens (and creates the tables of) one fresh store at once. */
  | { kind: "open"; location: StoreLocation };

const job = JSON.parse(process.argv[2] ?? "{}") as WorkerJob;
const opening = job.kind === "open" ? undefined : await openMessageStore(job.location);
process.stdout.write("ready\n");
await once(process.stdin, "data");
const store = opening ?? (await openMessageStore(job.location));
let result: unknown;
if (job.kind === "open") {
  result = (await store.list()).length;
} else if (job.kind === "hits") {
  const decisions = await Promise.all(
    Array.from({ length: job.count }, () => store.rateLimit.hit(job.address, { limit: job.limit, windowMs: job.windowMs }, job.at)),
  );
  result = decisions.filter((decision) => decision.ok).length;
} else {
  const ids: number[] = [];
  for (
    let message = await store.claimDue(job.now, job.now, job.leaseMs);
    message;
    message = await store.claimDue(job.now, job.now, job.leaseMs)
  )
    ids.push(message.id);
  result = ids;
}
await store.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
