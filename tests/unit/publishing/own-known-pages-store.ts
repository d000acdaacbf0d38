/**
 * A store of what the site knows about its pages that is a test's own (or a second
 * "instance" in one process), not the process's (src/publishing/site-known-pages.ts):
 * in memory, or shared through Redis when `link` is given.
 */
import { memoryKnownPagesStore, type KnownPagesStore } from "../../../src/publishing/known-pages-store";
import { redisKnownPagesStore } from "../../../src/publishing/redis-known-pages-store";
import type { RedisLink } from "../../../src/redis/redis-link.mjs";

export function ownKnownPagesStore(link?: RedisLink, log?: (line: string) => void): KnownPagesStore {
  return link ? redisKnownPagesStore(link, {}, log) : memoryKnownPagesStore({});
}
