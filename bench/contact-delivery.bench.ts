/**
 * Contact delivery across instances (issue 21): `npm run bench contact`.
 *
 * Builds the site once, then for each store (a SQLite file shared by both
 * servers, and a throwaway PostgreSQL cluster) starts two `next start`
 * instances on it and a real SMTP server on loopback, and measures:
 * - SMTP up, one visitor at a time: 10 posts, each sent once the last one
 *   arrived; time from the answer to the SMTP server holding the message;
 * - SMTP up, a burst: BENCH_MESSAGES posts (default 40), alternating between
 *   the instances, four at a time (each instance's loop sends one after the
 *   other, so later ones wait for earlier ones);
 * - SMTP down: BENCH_MESSAGES / 2 posts, the server back after 2 s; time
 *   from its return until every message is delivered by the instances'
 *   own loops (CONTACT_RETRY_MS=500), with no drain;
 * - duplicates: messages the SMTP server got more than once (by Message-ID)
 *   and messages the store does not list as delivered, both must be 0.
 * Exits 1 when a message is lost or duplicated. Reported, not budgeted:
 * there is no peer to hold these times against.
 *
 * Env: BENCH_MESSAGES, BENCH_SOURCE=worktree (build the working tree, not
 * HEAD), BENCH_KEEP=1.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeScratchCopy, nextBuild } from "./content-build/scratch-build";
import { openMessageStore } from "../src/contact/server/store/message-store";
import type { StoreLocation } from "../src/contact/server/store/location";
import { startLoopbackSmtp, type LoopbackSmtp } from "../tests/support/loopback-smtp";
import { NO_POSTGRES, postgresBinaries, startLocalPostgres, type LocalPostgres } from "../tests/support/postgres";
import { startNextServer, type NextServer } from "../tests/support/next-server";
import { fileURLToPath } from "node:url";

const MESSAGES = Math.max(4, Number(process.env.BENCH_MESSAGES ?? 40));
const repo = fileURLToPath(new URL("..", import.meta.url));

interface Figures {
  store: string;
  posted: number;
  delivered: number;
  duplicates: number;
  notRecorded: number;
  singleMs: number[];
  upMs: number[];
  afterReturnMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

/** Posts one message to `server` from its own forwarded address (so the rate limit counts each post apart), returns when it was answered. */
async function post(server: NextServer, marker: string, index: number): Promise<number> {
  const response = await fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${index % 250}` },
    body: JSON.stringify({ name: "Bench Visitor", email: "bench@example.com", message: `Benchmark message ${marker}.`, consent: "yes" }),
  });
  if (response.status !== 200) throw new Error(`post ${marker}: ${response.status} ${await response.text()}`);
  return performance.now();
}

/** Waits until the SMTP server holds a mail containing each marker; returns when each first arrived. */
async function arrivals(smtp: LoopbackSmtp, markers: string[], timeoutMs: number): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const deadline = performance.now() + timeoutMs;
  while (seen.size < markers.length && performance.now() < deadline) {
    for (const marker of markers)
      if (!seen.has(marker) && smtp.received.some((mail) => mail.text.includes(`${marker}.`))) seen.set(marker, performance.now());
    await sleep(20);
  }
  if (seen.size < markers.length) throw new Error(`${markers.length - seen.size} message(s) never reached the SMTP server`);
  return seen;
}

async function runStore(siteDir: string, name: string, location: StoreLocation, contactDb: string): Promise<Figures> {
  const smtp = await startLoopbackSmtp();
  const env = {
    CONTACT_DB: contactDb,
    SMTP_URL: smtp.url,
    CONTACT_RETRY_MS: "500",
    CONTACT_RATE_LIMIT: "1000/60",
    CONTACT_TRUST_PROXY: "1",
  };
  const servers = [await startNextServer({ dir: siteDir, env }), await startNextServer({ dir: siteDir, env })];
  try {
    // SMTP up, one visitor at a time.
    const single = Array.from({ length: 10 }, (_, i) => `${name}-single-${i}`);
    const singleMs: number[] = [];
    for (const [i, marker] of single.entries()) {
      const at = await post(servers[i % 2]!, marker, 200 + i);
      singleMs.push((await arrivals(smtp, [marker], 30_000)).get(marker)! - at);
    }

    // SMTP up: four posts in flight at a time, alternating instances.
    const up = Array.from({ length: MESSAGES }, (_, i) => `${name}-up-${i}`);
    const answered = new Map<string, number>();
    for (let i = 0; i < up.length; i += 4) {
      await Promise.all(
        up.slice(i, i + 4).map(async (marker, j) => answered.set(marker, await post(servers[(i + j) % 2]!, marker, i + j))),
      );
    }
    const upArrivals = await arrivals(smtp, up, 60_000);
    const upMs = up.map((marker) => upArrivals.get(marker)! - answered.get(marker)!);

    // SMTP down, then back: the loops' retries deliver.
    await smtp.stop();
    const down = Array.from({ length: Math.floor(MESSAGES / 2) }, (_, i) => `${name}-down-${i}`);
    await Promise.all(down.map((marker, i) => post(servers[i % 2]!, marker, MESSAGES + i)));
    await sleep(2_000);
    await smtp.start();
    const back = performance.now();
    const downArrivals = await arrivals(smtp, down, 120_000);
    const afterReturnMs = Math.max(...down.map((marker) => downArrivals.get(marker)!)) - back;

    await sleep(1_000); // a duplicate would show up here
    const ids = smtp.received.map((mail) => mail.headers["message-id"]);
    const store = await openMessageStore(location);
    const listed = await store.list();
    await store.close();
    return {
      store: name,
      posted: single.length + up.length + down.length,
      delivered: new Set(ids).size,
      duplicates: ids.length - new Set(ids).size,
      notRecorded: listed.filter((message) => message.state !== "delivered").length,
      singleMs,
      upMs,
      afterReturnMs,
    };
  } finally {
    for (const server of servers) await server.stop();
    await smtp.stop();
  }
}

const work = await mkdtemp(join(tmpdir(), "bench-contact-"));
let postgres: LocalPostgres | undefined;
try {
  const siteDir = join(work, "site");
  const source = await makeScratchCopy(repo, siteDir);
  const built = await nextBuild(siteDir, {});
  if (built.code !== 0) throw new Error(`next build exited ${built.code}:\n${built.output.slice(-3000)}`);
  console.log(
    `- built ${source} in ${(built.ms / 1000).toFixed(1)} s; 10 + ${MESSAGES} + ${Math.floor(MESSAGES / 2)} messages per store, two instances each\n`,
  );

  const results: Figures[] = [];
  const sqlite = join(work, "contact.sqlite");
  results.push(await runStore(siteDir, "sqlite", { kind: "sqlite", path: sqlite }, sqlite));
  if (postgresBinaries()) {
    postgres = await startLocalPostgres();
    const url = await postgres.createDatabase("bench");
    results.push(await runStore(siteDir, "postgres", { kind: "postgres", url }, url));
  } else console.log(`- ${NO_POSTGRES}`);

  console.log(
    "| store | posted | delivered | duplicates | not recorded delivered | post → SMTP, one at a time: median / max | post → SMTP, bursts of 4: median / p95 / max | SMTP back → all delivered |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of results) {
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `| ${r.store} | ${r.posted} | ${r.delivered} | ${r.duplicates} | ${r.notRecorded} | ${ms(percentile(r.singleMs, 50))} / ${ms(Math.max(...r.singleMs))} | ${ms(percentile(r.upMs, 50))} / ${ms(percentile(r.upMs, 95))} / ${ms(Math.max(...r.upMs))} | ${ms(r.afterReturnMs)} |`,
    );
  }
  if (results.some((r) => r.duplicates > 0 || r.delivered !== r.posted || r.notRecorded > 0)) {
    console.error("\ncontact bench: a message was lost, duplicated or not recorded");
    process.exitCode = 1;
  }
} finally {
  await postgres?.stop();
  if (process.env.BENCH_KEEP === "1") console.log(`\nkept ${work}`);
  else await rm(work, { recursive: true, force: true });
}
