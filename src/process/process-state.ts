/**
 * State that must be one per process, not one per module instance: Next.js
 * loads a module once per bundle (the proxy, each page, each API route,
 * instrumentation), so a module-level value would be a second content
 * client, page gate or Redis link in each. Kept on globalThis under a
 * registered symbol (`Symbol.for`), which every bundle of the process shares.
 */

/**
 * The process's value for `key` (namespaced, e.g. `portfolio.page-gate`),
 * made by `init` on first use. An `init` that throws keeps nothing: the next
 * call tries again.
 */
export function processState<T>(key: string, init: () => T): T {
  const global = globalThis as { [name: symbol]: unknown };
  return (global[Symbol.for(key)] ??= init()) as T;
}

/** Forgets the process's value for `key` when it is still `value` (closed, say): the next processState makes a new one. */
export function forgetProcessState(key: string, value: unknown): void {
  const global = globalThis as { [name: symbol]: unknown };
  if (global[Symbol.for(key)] === value) delete global[Symbol.for(key)];
}
