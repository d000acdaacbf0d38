/**
 * Every page written to the shared page cache, read from Redis's MONITOR:
 * each regeneration of a page ends in one SET of its key, whichever instance
 * made it, so "each page regenerated once" is a count per page here. (Pages
 * render from the content API's listings, not one request per story, so the
 * proxy alone cannot count renders.)
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { redisBinary, type LocalRedis } from "../../support/redis";
import { DEFAULT_LOCALE } from "../../../src/i18n/locales";

/**
 * The page path a shared-cache key stands for. Next.js 16 keys a pages-router
 * page as `/route-cache/PAGES/<hash>/$/projects/x` (`$/index` for `/`); the
 * handler puts `portfolio:pages:<build id>:` in front.
 */
export function pageOfKey(key: string, prefix: string): string | null {
  if (!key.startsWith(prefix)) return null;
  const rest = key.slice(prefix.length);
  const marker = rest.indexOf("/$/");
  const path = marker === -1 ? rest : rest.slice(marker + 2);
  // Next.js keys the default language's pages by its locale (/en/projects/x); the site serves them without it.
  const address = path.replace(new RegExp(`^/${DEFAULT_LOCALE}(?=/|$)`), "") || "/";
  return address === "/index" ? "/" : address;
}

export interface RedisWrites {
  /** SETs of each page written since the watch began, by page path (pageOfKey). */
  pageWrites(prefix: string): Map<string, number>;
  stop(): void;
}

/** Starts `redis-cli monitor` against `redis`; resolves once it is listening. */
export async function watchRedisWrites(redis: LocalRedis): Promise<RedisWrites> {
  const cli = join(dirname(redisBinary() as string), "redis-cli");
  const monitor = spawn(cli, ["-p", String(redis.port), "monitor"], { stdio: ["ignore", "pipe", "ignore"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    monitor.once("error", reject);
    monitor.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith("OK")) resolve();
    });
  });
  return {
    pageWrites(prefix) {
      const writes = new Map<string, number>();
      // e.g. 1732577000.123 [0 127.0.0.1:5544] "SET" "portfolio:pages:abc:/projects/x" "{…}" "EXAT" "…"
      for (const match of output.matchAll(/\] "SET" "([^"]+)"/g)) {
        const path = pageOfKey(match[1] as string, prefix);
        if (path !== null && !path.startsWith("__")) writes.set(path, (writes.get(path) ?? 0) + 1);
      }
      return writes;
    },
    stop: () => monitor.kill("SIGTERM"),
  };
}
