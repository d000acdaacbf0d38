/**
 * The content side's one connection to the Redis named by REDIS_URL, for
 * what instances share about the content API: the window of recent requests
 * (rate-limit/redis-window.ts) and the latest content version
 * (shared-cv-store.ts). Redis is an aid, never a dependency: a command fails
 * at once while Redis is unreachable (no offline queue, a short timeout when
 * it hangs), each caller falls back to what its own process knows, and the
 * link logs one line when Redis goes away and one when it is back, however
 * many requests fall back meanwhile. node-redis reconnects by itself.
 */
import type { RedisClientType } from "redis";

/** The commands the content side sends; node-redis's client has them. */
export interface RedisCommands {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  get(key: string): Promise<string | null>;
}

export interface RedisLink {
  /** Runs `command`; rejects at once while Redis is unreachable, and after `timeoutMs` when it does not answer. */
  run<T>(command: (redis: RedisCommands) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface RedisLinkOptions {
  /** A command that takes longer counts as Redis being unreachable (the request it gates must not wait on it). */
  timeoutMs?: number;
  /** How long the first command waits for the first connection. */
  connectWaitMs?: number;
  log?: (line: string) => void;
}

const DEFAULT_TIMEOUT_MS = 500;
const DEFAULT_CONNECT_WAIT_MS = 2000;
/** Between reconnection attempts: soon after a blip, every 2 s during an outage. */
const reconnectDelay = (retries: number) => Math.min(100 * (retries + 1), 2000);

/** The URL without its password, for log lines. */
export function redactedRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable REDIS_URL)";
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function openRedisLink(url: string, options: RedisLinkOptions = {}): RedisLink {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = options.log ?? ((line: string) => console.error(line));
  const where = redactedRedisUrl(url);
  let down = false;
  let closed = false;

  // Loaded only when REDIS_URL is set: a site without Redis never loads the package.
  const client: Promise<RedisClientType> = import("redis").then(({ createClient }) => {
    const redis = createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: timeoutMs * 4, reconnectStrategy: reconnectDelay },
    }) as RedisClientType;
    // Each failed reconnection emits an error; the outage is logged once, by run().
    redis.on("error", () => {});
    // An idle connection must not keep a CLI or a test process alive.
    redis.unref();
    return redis;
  });
  const connected = client.then((redis) => redis.connect().then(() => true, () => false));
  let firstCommand = true;

  async function attempt<T>(command: (redis: RedisCommands) => Promise<T>): Promise<T> {
    const redis = await client;
    if (firstCommand) {
      firstCommand = false;
      // The very first request waits a little for the first connection, not to be logged as an outage.
      await withTimeout(connected, options.connectWaitMs ?? DEFAULT_CONNECT_WAIT_MS).catch(() => false);
    }
    return withTimeout(command(redis as unknown as RedisCommands), timeoutMs);
  }

  return {
    async run(command) {
      if (closed) throw new Error("the Redis link is closed");
      try {
        const result = await attempt(command);
        if (down) {
          down = false;
          log(`content: Redis at ${where} is back: instances share the content API's limit and the content version again`);
        }
        return result;
      } catch (error) {
        if (!down && !closed) {
          down = true;
          const reason = error instanceof Error ? error.message : String(error);
          log(
            `content: Redis at ${where} is unreachable (${reason}): until it is back, each instance counts its own content API requests ` +
              "and reads the content version from the API",
          );
        }
        throw error;
      }
    },
    async close() {
      closed = true;
      const redis = await client;
      if (redis.isOpen) await redis.close().catch(() => undefined);
    },
  };
}
