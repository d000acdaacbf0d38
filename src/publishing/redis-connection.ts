/**
 * One node-redis connection for the publishing state shared by instances
 * (the story → pages map), made so that Redis going away never holds up a
 * webhook: commands are refused at once while the connection is down
 * (no offline queue, which would wait for Redis to come back), each command
 * has a time limit, and the client reconnects in the background. The link
 * says once that Redis cannot be reached and once that it is back, without
 * the URL's credentials.
 */
import { createClient } from "redis";

/** A command that has not answered by then is taken as Redis not answering. */
export const COMMAND_TIMEOUT_MS = 1000;
/** The first command waits this long for the first connection; later ones never wait. */
export const FIRST_CONNECT_MS = 1000;
const MAX_RECONNECT_WAIT_MS = 2000;

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisLink {
  /** host:port, for log lines (never the password). */
  readonly where: string;
  /** Runs a command; rejects when Redis cannot be reached now or does not answer in time. */
  run<T>(command: (client: RedisClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface RedisLinkOptions {
  log?: (line: string) => void;
  /** What the link shares, for the log lines (e.g. "the story → pages map"); each process keeps its own copy while Redis is away. */
  shared: string;
}

/** REDIS_URL checked: unset, a redis:// or rediss:// URL, or why not (never read as something else). */
export function readRedisUrl(env: Readonly<Record<string, string | undefined>> = process.env): { url?: string } | { problem: string } {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return {};
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: "REDIS_URL is not a URL (expected redis://[user:password@]host:port[/db] or rediss://…)" };
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    return { problem: `REDIS_URL has the scheme ${url.protocol} (expected redis:// or rediss://)` };
  }
  return { url: raw };
}

/** host:port of a Redis URL: log lines name the server, never its password. */
export function redisWhere(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || "6379"}`;
}

export function connectRedis(url: string, options: RedisLinkOptions): RedisLink {
  const log = options.log ?? ((line: string) => console.error(line));
  const where = redisWhere(url);
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: { connectTimeout: COMMAND_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_WAIT_MS) },
  });
  // node-redis emits every failed (re)connection as an "error" event; unheard, it would end the process.
  client.on("error", () => undefined);
  let reported = false;
  // connect() keeps retrying while Redis is down and resolves once it is up; only the first command waits for it, a little.
  const firstConnection = client.connect().then(
    () => undefined,
    () => undefined,
  );
  let waited = false;

  return {
    where,
    async run(command) {
      if (!waited) {
        waited = true;
        await Promise.race([firstConnection, new Promise((resolve) => setTimeout(resolve, FIRST_CONNECT_MS).unref())]);
      }
      try {
        const result = await command(client);
        if (reported) {
          reported = false;
          log(`redis: ${where} is back; ${options.shared} is shared again`);
        }
        return result;
      } catch (error) {
        if (!reported) {
          reported = true;
          const reason = error instanceof Error ? error.message : String(error);
          log(`redis: ${where} cannot be reached (${reason}); ${options.shared} is kept in this process's memory until it is back`);
        }
        throw error;
      }
    },
    async close() {
      client.destroy();
      await firstConnection;
    },
  };
}
