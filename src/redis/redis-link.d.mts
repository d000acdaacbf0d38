/** Types of redis-link.mjs (plain JavaScript: the shared page cache's handler, which Next.js does not compile, uses it). */
import type { createClient } from "redis";

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisLinkOptions {
  /** Who keeps what in Redis: the first words of its log lines, e.g. "shared page cache". */
  user: string;
  /** What happens while Redis is away: the end of the "unreachable" line. */
  meanwhile: string;
  /** What happens once it is back: the end of the "is back" line. */
  afterwards: string;
  /** A command that has not answered by then fails (default 1000 ms). */
  commandTimeoutMs?: number;
  /** How long the first command (or `ready()`) waits for the first connection (default 2000 ms). */
  connectWaitMs?: number;
  /** Pings Redis this often, to find a connection that died without closing; its timer keeps the process alive (a server's page cache). */
  pingIntervalMs?: number;
  /** Where the two lines go (default console: `warn` when lost, `info` when back). */
  log?: { warn(line: string): void; info(line: string): void };
}

/** One line when Redis goes away and one when it is back. */
export interface RedisAvailability {
  lost(reason: unknown): void;
  back(): void;
  isDown(): boolean;
}

export interface RedisLink {
  /** host:port, for log lines (never the password). */
  readonly where: string;
  /** node-redis's client, for a caller that hands it to a library (the page cache); rejects when node-redis refuses the URL. */
  readonly client: Promise<RedisClient>;
  readonly availability: RedisAvailability;
  /** Waits for the first connection, at most `connectWaitMs` (once); true when connected. */
  ready(): Promise<boolean>;
  /** Runs a command; rejects when Redis cannot be reached now or does not answer in time. */
  run<T>(command: (client: RedisClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export declare function openRedisLink(url: string, options: RedisLinkOptions): RedisLink;
