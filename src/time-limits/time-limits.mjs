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
 * `end`, run once a limit is `reached()` and the I/O already waiting by then
 * has been handled (`setImmediate` runs after it); `clear()` stops it.
 * @param {() => void} end
 */
function pastPendingIo(end) {
  /** @type {ReturnType<typeof setImmediate> | undefined} */
  let immediate;
  return {
    reached: () => {
      immediate = setImmediate(end);
    },
    clear: () => {
      if (immediate) clearImmediate(immediate);
    },
  };
}

/**
 * Runs `end` once `ms` have passed and the I/O that arrived by then has been
 * handled. Returns what clears it.
 * @param {number} ms
 * @param {() => void} end
 * @returns {() => void}
 */
export function afterPendingIo(ms, end) {
  const limit = pastPendingIo(end);
  const timer = setTimeout(limit.reached, ms);
  return () => {
    clearTimeout(timer);
    limit.clear();
  };
}

/**
 * Runs `end` once `signal` aborts and the I/O that arrived by then has been
 * handled. Returns what clears it.
 * @param {AbortSignal} signal
 * @param {() => void} end
 * @returns {() => void}
 */
function afterAbortAndPendingIo(signal, end) {
  const limit = pastPendingIo(end);
  signal.addEventListener("abort", limit.reached, { once: true });
  return () => {
    signal.removeEventListener("abort", limit.reached);
    limit.clear();
  };
}

/**
 * `work`'s outcome, or what `arm`'s limit settles first; the limit is
 * cleared once either is done.
 * @template T, U
 * @param {Promise<T>} work
 * @param {(resolve: (value: U) => void, reject: (error: Error) => void) => () => void} arm  sets the limit, returns what clears it
 * @returns {Promise<T | U>}
 */
function raceLimit(work, arm) {
  /** @type {() => void} */
  let clear = () => {};
  /** @type {Promise<U>} */
  const limited = new Promise((resolve, reject) => {
    clear = arm(resolve, reject);
  });
  return Promise.race([work, limited]).finally(clear);
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
  return /** @type {Promise<T>} */ (raceLimit(work, (_, reject) => afterPendingIo(ms, () => reject(new Error(message)))));
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
  return raceLimit(work, (resolve) => afterPendingIo(ms, () => resolve(undefined)));
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
  return /** @type {Promise<T>} */ (
    raceLimit(work, (_, reject) => afterAbortAndPendingIo(signal, () => reject(new Error("Operation aborted"))))
  );
}
