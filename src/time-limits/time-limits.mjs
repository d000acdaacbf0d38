// @ts-check
/**
 * Time limits on work that may never finish: a Redis that stopped answering,
 * an SMTP server that holds the connection, a first connection that does not
 * come, a batch of webhooks still at work when its answer is due. Plain
 * JavaScript, so that the shared page cache's handler, which Next.js loads
 * without compiling it, uses the same code as the rest.
 *
 * A limit is reached only when the answer is not waiting to be read. A
 * timer that fires late, after the event loop was held by other work (a
 * server rendering pages), runs before the I/O that came meanwhile, and
 * would blame a Redis that had answered within a millisecond; so the limit
 * gives way once more to the I/O already there (`setImmediate` runs after
 * it) before it ends the wait.
 */

/**
 * Runs `end` once `ms` have passed and the I/O that arrived by then has been
 * handled. Returns what clears it.
 * @param {number} ms
 * @param {() => void} end
 * @returns {() => void}
 */
export function afterPendingIo(ms, end) {
  /** @type {ReturnType<typeof setImmediate> | undefined} */
  let immediate;
  const timer = setTimeout(() => {
    immediate = setImmediate(end);
  }, ms);
  return () => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  };
}

/**
 * `work`'s outcome, or a rejection with `message` once `ms` have passed
 * (the work itself goes on: nothing here can stop it).
 * @template T
 * @param {Promise<T>} work
 * @param {number} ms
 * @param {string} message
 * @returns {Promise<T>}
 */
export function rejectAfter(work, ms, message) {
  /** @type {() => void} */
  let clear = () => {};
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => {
    clear = afterPendingIo(ms, () => reject(new Error(message)));
  });
  return Promise.race([work, late]).finally(clear);
}

/**
 * `work`'s value, or `undefined` once `ms` have passed, for a caller that
 * goes on without it (the work goes on too; a rejection before then is
 * passed on).
 * @template T
 * @param {Promise<T>} work
 * @param {number} ms
 * @returns {Promise<T | undefined>}
 */
export function waitAtMost(work, ms) {
  /** @type {() => void} */
  let clear = () => {};
  /** @type {Promise<undefined>} */
  const late = new Promise((resolve) => {
    clear = afterPendingIo(ms, () => resolve(undefined));
  });
  return Promise.race([work, late]).finally(clear);
}

/**
 * `work`'s outcome, or a rejection once `signal` aborts and the I/O that came
 * by then has been handled: an AbortSignal.timeout() that fires late behind
 * a busy event loop does not beat the answer already waiting to be read.
 * @template T
 * @param {Promise<T>} work
 * @param {AbortSignal} signal
 * @returns {Promise<T>}
 */
export function raceAbortSignal(work, signal) {
  if (signal.aborted) return Promise.reject(new Error("Operation aborted"));
  /** @type {ReturnType<typeof setImmediate> | undefined} */
  let immediate;
  /** @type {() => void} */
  let onAbort = () => {};
  /** @type {Promise<never>} */
  const aborted = new Promise((_, reject) => {
    onAbort = () => {
      immediate = setImmediate(() => reject(new Error("Operation aborted")));
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([work, aborted]).finally(() => {
    signal.removeEventListener("abort", onAbort);
    if (immediate) clearImmediate(immediate);
  });
}
