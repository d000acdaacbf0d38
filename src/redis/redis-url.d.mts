/** Types of redis-url.mjs (plain JavaScript: the shared page cache's handler, which Next.js does not compile, uses it). */

/** Why REDIS_URL cannot be used, or null when it can; never repeats the password. */
export declare function redisUrlProblem(value: string): string | null;
/** REDIS_URL when it is set (trimmed), else undefined. */
export declare function readRedisUrl(env?: Readonly<Record<string, string | undefined>>): string | undefined;
/** host:port of a Redis URL, for log lines. */
export declare function redisWhere(url: string): string;
