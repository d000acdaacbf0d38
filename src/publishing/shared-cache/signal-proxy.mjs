// @ts-check
/**
 * The Redis client the cache package calls. The package limits each command
 * with `client.withAbortSignal(AbortSignal.timeout(timeoutMs))`, and its own
 * proxy rejects the moment the signal fires; node-redis's own abort signal
 * only cancels commands not yet sent, so without a proxy a Redis that
 * accepts connections but does not answer would hold a page forever.
 *
 * This proxy keeps the package's signal but gives way first to the I/O
 * already there (time-limits.mjs): a server that was rendering pages for
 * longer than the timeout, with Redis's answer waiting in its socket, takes
 * that answer instead of counting a failure, and two such in a row would
 * have declared Redis gone.
 */
import { raceAbortSignal } from "../../time-limits/time-limits.mjs";

/**
 * @template {object} Client
 * @param {Client} client
 * @returns {Client}
 */
export function withSignalsAfterPendingIo(client) {
  /** @param {AbortSignal | undefined} signal @returns {Client} */
  const limited = (signal) =>
    new Proxy(client, {
      get(target, property, receiver) {
        if (property === "withAbortSignal") return (/** @type {AbortSignal} */ next) => limited(next);
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        return (/** @type {unknown[]} */ ...args) => {
          const result = value.apply(target, args);
          // Commands answer with a promise; anything else (a builder, a property getter's function) passes as it is.
          return signal && result instanceof Promise ? raceAbortSignal(result, signal) : result;
        };
      },
    });
  return limited(undefined);
}
