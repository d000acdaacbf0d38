/**
 * The page gate (issue 36): a path the site does not know is refused
 * without a content request. Its listing is the real one
 * (`listPublishedSlugs` through the real storyblok-js-client against the
 * local content API over HTTP, `cdn/links`), counted where the API sees it;
 * its clock is a variable, so "older than the pages' lifetime" needs no
 * waiting. The last part runs two gates, each with its own memory and its
 * own connection, as two servers have, on one real Redis.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContentClient } from "../../../src/content/access/client";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { knownPathsFromJson, knownPathsToJson, type KnownPaths } from "../../../src/publishing/page-gate/known-paths";
import type { KnownPagesStore } from "../../../src/publishing/known-pages-store";
import { createPageGate, LISTING_RETRY_MS, type PageGateDeps } from "../../../src/publishing/page-gate/page-gate";
import { knownPathsOf } from "../../../src/publishing/page-gate/site-page-gate";
import { openMapLink } from "../../../src/publishing/site-known-pages";
import { ownKnownPagesStore } from "./own-known-pages-store";
import type { RedisLink } from "../../../src/redis/redis-link.mjs";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "../content/cdn-harness";
import { beforeHangGuard } from "../../support/hang-guard";
import { NO_REDIS, redisBinary, startLocalRedis, type LocalRedis } from "../../support/redis";

const HOUR = 3_600_000;
let dir: string;
let cdn: RunningCdn;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "page-gate-"));
  await cp(EMBEDDED_CONTENT, dir, { recursive: true });
  cdn = await startCdn(dir);
});
afterAll(async () => {
  await cdn?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Requests the content API received since `from` (an index into cdn.requests), by path. */
const sentSince = (from: number) => cdn.requests.slice(from).map((request) => request.url.pathname.replace(/^\/v2\//, ""));

/** The site's real listing: cv look-up, then cdn/links at that cv, as sitePageGate lists. */
function realListing(clock: { now: number }): () => Promise<KnownPaths> {
  const queries = createContentQueries(createContentClient({ source: { kind: "storyblok", token: cdn.token, endpoint: `${cdn.url}/v2` } }));
  return async () => {
    const listedAt = clock.now;
    const { fullSlugs, cv } = await queries.listPublishedSlugs();
    return knownPathsOf(fullSlugs, listedAt, cv);
  };
}

function gateWith(overrides: Partial<PageGateDeps> & { clock: { now: number } }) {
  const log: string[] = [];
  const store = overrides.store ?? ownKnownPagesStore();
  const gate = createPageGate({
    store,
    builtPages: [],
    list: realListing(overrides.clock),
    maxAgeMs: HOUR,
    now: () => overrides.clock.now,
    log: (line) => log.push(line),
    ...overrides,
  });
  return { gate, store, log };
}

async function publishProject(slug: string): Promise<void> {
  const template = JSON.parse(await readFile(join(dir, "stories/projects/fieldnotes.json"), "utf8"));
  const id = 733000000 + slug.length;
  await writeFile(
    join(dir, `stories/projects/${slug}.json`),
    JSON.stringify({
      ...template,
      id,
      uuid: `00000000-0000-4000-8036-${String(id).padStart(12, "0")}`,
      slug,
      full_slug: `projects/${slug}`,
      name: slug,
    }),
  );
}

describe("one instance", () => {
  it("the embedded content's pages, from one cdn/links listing: known ones pass, 200 made-up ones cost nothing more", async () => {
    const clock = { now: 1_000_000 };
    const { gate } = gateWith({ clock });
    const from = cdn.requests.length;
    const [atlas, home, fieldnotes] = await Promise.all([
      gate.isKnown("/projects/2024/atlas"),
      gate.isKnown("/"),
      gate.isKnown("/projects/fieldnotes"),
    ]);
    expect([atlas, home, fieldnotes]).toEqual([true, true, true]);
    // One listing for the three requests that found the gate cold: the cv, then the links.
    expect(sentSince(from)).toEqual(["cdn/spaces/me", "cdn/links"]);
    const flood = await Promise.all(Array.from({ length: 200 }, (_, n) => gate.isKnown(`/projects/flood-${n}-x`)));
    expect(flood.every((known) => !known)).toBe(true);
    // Not a story's page either: the site settings, the projects folder itself.
    expect(await gate.isKnown("/site")).toBe(false);
    expect(await gate.isKnown("/projects")).toBe(false);
    expect(sentSince(from)).toHaveLength(2);
  });

  it("the build's pages are known with no listing at all", async () => {
    const clock = { now: 0 };
    const { gate } = gateWith({ clock, builtPages: ["/projects/fieldnotes"], list: () => Promise.reject(new Error("must not list")) });
    expect(await gate.isKnown("/projects/fieldnotes")).toBe(true);
  });

  it("a project published without a webhook is unknown until the listing is older than the pages' lifetime; then one listing finds it", async () => {
    const clock = { now: 5_000_000 };
    const { gate } = gateWith({ clock });
    expect(await gate.isKnown("/projects/quiet-launch")).toBe(false);
    await publishProject("quiet-launch");
    clock.now += HOUR - 1;
    const from = cdn.requests.length;
    expect(await gate.isKnown("/projects/quiet-launch")).toBe(false);
    expect(sentSince(from)).toEqual([]);
    clock.now += 2;
    const found = await Promise.all(Array.from({ length: 20 }, () => gate.isKnown("/projects/quiet-launch")));
    expect(found.every(Boolean)).toBe(true);
    expect(sentSince(from)).toEqual(["cdn/spaces/me", "cdn/links"]);
  });

  it("a webhook's listing (offered to the store) makes a new page known at once, with no request of the gate's", async () => {
    const clock = { now: 9_000_000 };
    const { gate, store } = gateWith({ clock });
    expect(await gate.isKnown("/projects/harbour")).toBe(false);
    const from = cdn.requests.length;
    await store.offerPaths({ paths: new Set(["/", "/projects/harbour"]), listedAt: clock.now + 1 });
    expect(await gate.isKnown("/projects/harbour")).toBe(true);
    expect(sentSince(from)).toEqual([]);
  });

  it("with REVALIDATE_SECONDS=0 (no lifetime) the gate lists only when it has nothing", async () => {
    const clock = { now: 0 };
    const { gate } = gateWith({ clock, maxAgeMs: Infinity });
    await gate.isKnown("/");
    const from = cdn.requests.length;
    clock.now += 365 * 24 * HOUR;
    expect(await gate.isKnown("/projects/nothing-here")).toBe(false);
    expect(sentSince(from)).toEqual([]);
  });

  it("the embedded content's own cv: an edit of the files is a new listing, an unchanged cv none", async () => {
    const clock = { now: 0 };
    let cv = 1;
    const lists: number[] = [];
    const { gate } = gateWith({
      clock,
      currentCv: async () => cv,
      list: async () => {
        lists.push(cv);
        return { paths: new Set(cv === 1 ? ["/"] : ["/", "/projects/new"]), listedAt: clock.now, cv };
      },
    });
    expect(await gate.isKnown("/projects/new")).toBe(false);
    expect(await gate.isKnown("/projects/new")).toBe(false);
    cv = 2;
    expect(await gate.isKnown("/projects/new")).toBe(true);
    expect(lists).toEqual([1, 2]);
  });

  it("a content API that fails: unknown paths stay 404 by what is known, one log line, no new attempt for a while", async () => {
    const clock = { now: 0 };
    let attempts = 0;
    const { gate, log } = gateWith({
      clock,
      builtPages: ["/projects/fieldnotes"],
      list: async () => {
        attempts++;
        throw new Error("503 Service Unavailable");
      },
    });
    const answers = await Promise.all([gate.isKnown("/projects/fieldnotes"), gate.isKnown("/projects/x"), gate.isKnown("/projects/y")]);
    expect(answers).toEqual([true, false, false]);
    for (let n = 0; n < 50; n++) await gate.isKnown(`/projects/flood-${n}`);
    expect(attempts).toBe(1);
    expect(log).toEqual([expect.stringContaining("could not list the site's pages (503 Service Unavailable)")]);
    clock.now += LISTING_RETRY_MS + 1;
    await gate.isKnown("/projects/z");
    expect(attempts).toBe(2);
  });
});

describe("the known paths as stored", () => {
  it("round-trip as JSON; another version or shape reads as absent", () => {
    const known: KnownPaths = { paths: new Set(["/projects/b", "/"]), listedAt: 12, cv: 34 };
    const read = knownPathsFromJson(knownPathsToJson(known));
    expect(read && [...read.paths].sort()).toEqual(["/", "/projects/b"]);
    expect(read).toMatchObject({ listedAt: 12, cv: 34 });
    for (const text of [
      "{",
      "null",
      '{"version":2,"paths":[],"listedAt":1}',
      '{"version":1,"paths":["x"],"listedAt":1}',
      '{"version":1,"paths":[],"listedAt":"1"}',
    ]) {
      expect(knownPathsFromJson(text)).toBeUndefined();
    }
  });

  it("an older listing never replaces a newer one", async () => {
    const store = ownKnownPagesStore();
    await store.offerPaths({ paths: new Set(["/new"]), listedAt: 20 });
    await store.offerPaths({ paths: new Set(["/old"]), listedAt: 10 });
    expect([...(await store.paths())!.paths]).toEqual(["/new"]);
  });
});

if (!redisBinary()) console.log(NO_REDIS);

describe.skipIf(!redisBinary())("two instances on one Redis", () => {
  let redis: LocalRedis;
  const links: RedisLink[] = [];
  beforeAll(async () => {
    redis = await startLocalRedis();
  });
  afterAll(async () => {
    for (const link of links) await link.close();
    await redis?.stop();
  });
  beforeEach(() => {
    redis.cli("FLUSHALL");
  });

  function instanceStore(): KnownPagesStore {
    const link = openMapLink(redis.url, { warn: () => undefined, info: () => undefined });
    links.push(link);
    return ownKnownPagesStore(link);
  }

  it("what one instance listed, a cold one reads from Redis: no listing of its own", async () => {
    const clock = { now: 50_000_000 };
    let listings = 0;
    const listing = realListing(clock);
    const a = gateWith({ clock, store: instanceStore(), list: () => (listings++, listing()) });
    const b = gateWith({ clock, store: instanceStore(), list: () => (listings++, listing()) });
    expect(await a.gate.isKnown("/projects/fieldnotes")).toBe(true);
    const from = cdn.requests.length;
    expect(await b.gate.isKnown("/projects/fieldnotes")).toBe(true);
    expect(await b.gate.isKnown("/projects/flood-1")).toBe(false);
    expect(listings).toBe(1);
    expect(sentSince(from)).toEqual([]);
  });

  it("two cold instances at once: one lists, the other waits for its listing in Redis", async () => {
    const clock = { now: 60_000_000 };
    let lists = 0;
    const slowListing = realListing(clock);
    const counted = async () => {
      lists++;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return slowListing();
    };
    const a = gateWith({ clock, store: instanceStore(), list: counted });
    const b = gateWith({ clock, store: instanceStore(), list: counted });
    // The gates' clock stands still, so the waiting one never reaches its cold wait's end (COLD_WAIT_MS): it answers
    // only once the other's listing is in the store, else it hangs. No wall clock decides the outcome.
    const answers = await beforeHangGuard(
      Promise.all([a.gate.isKnown("/projects/tidewater"), b.gate.isKnown("/projects/tidewater")]),
      "the waiting instance finding the other's listing",
    );
    expect(answers).toEqual([true, true]);
    expect(lists).toBe(1);
  });

  it("a webhook on one instance makes the page known on the other", async () => {
    const clock = { now: 70_000_000 };
    const a = gateWith({ clock, store: instanceStore() });
    const b = gateWith({ clock, store: instanceStore() });
    expect(await b.gate.isKnown("/projects/harbour")).toBe(false);
    await a.store.offerPaths({ paths: new Set(["/", "/projects/harbour"]), listedAt: clock.now + 1 });
    expect(await b.gate.isKnown("/projects/harbour")).toBe(true);
  });
});
