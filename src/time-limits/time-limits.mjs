// @ts-check
/**
 * Time limits on work that may never finish: a Redis that stopped answering,
 * an SMTP server that holds the connection, a first connection that does not
 * come, a batch of webhooks still at work when its answer is due. Plain
 * JavaScript, so that the shared page cache's handler, which Next.js loads
 * without compiling it, uses the same code as the rest.
 */

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
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
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
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<undefined>} */
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
