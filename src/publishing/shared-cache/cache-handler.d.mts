/** Types of cache-handler.mjs (plain JavaScript: Next.js imports it without compiling it). */
import type { CacheHandler } from "@fortedigital/nextjs-cache-handler";

/** Key prefix of a build's pages in Redis: `portfolio:pages:<build id>:`. */
export declare function pageKeyPrefix(buildId: string | undefined): string;
export declare const COMMAND_TIMEOUT_MS: number;
export declare const SKIP_AFTER_FAILURE_MS: number;
declare const handler: typeof CacheHandler;
export default handler;
