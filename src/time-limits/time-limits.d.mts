/** Types of time-limits.mjs (plain JavaScript: the shared page cache's handler, which Next.js does not compile, uses it). */

/** `work`'s outcome, or a rejection with `message` once `ms` have passed. */
export declare function rejectAfter<T>(work: Promise<T>, ms: number, message: string): Promise<T>;

/** `work`'s value, or `undefined` once `ms` have passed. */
export declare function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T | undefined>;

/**
 * Runs `end` once `ms` have passed and the I/O that arrived meanwhile has been handled
 * (a timer late behind a busy event loop would otherwise run first); returns what clears it.
 */
export declare function afterPendingIo(ms: number, end: () => void): () => void;

/** `work`'s outcome, or a rejection once `signal` aborts and the I/O that came meanwhile has been handled. */
export declare function raceAbortSignal<T>(work: Promise<T>, signal: AbortSignal): Promise<T>;
