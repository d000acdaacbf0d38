/**
 * Hang guards: the one kind of time limit a test may hold. A test waits for
 * the event it is about (an answer, a closed connection, a log line), never
 * for a clock; the guard only ends a wait that would otherwise never end, with
 * a message that says what did not happen, instead of the runner's timeout.
 *
 * Each guard is at least ten times what the step takes on a quiet machine, so
 * a busy one (a newcomer's laptop, a shared CI runner, a build beside the
 * suite) never meets it: how fast a step is belongs in `npm run bench`.
 */

/**
 * For a step that takes at most a few seconds on a quiet machine (an answer,
 * a limit of a second or two passing, a connection closing): 30 s.
 */
export const HANG_GUARD_MS = 30_000;

/**
 * `promise`, or a failure naming `what` once `ms` passed without it. The
 * timer does not keep the process alive, and is cleared when the promise
 * settles.
 */
export async function beforeHangGuard<T>(promise: Promise<T>, what: string, ms = HANG_GUARD_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang guard: ${what} did not happen within ${ms / 1000} s`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, guard]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until `done()` is true, looking every `everyMs`; fails naming `what`
 * once `ms` passed. For a state change no event announces (a log line, a
 * count in a store).
 */
export async function untilHangGuard(
  done: () => boolean | Promise<boolean>,
  what: string,
  ms = HANG_GUARD_MS,
  everyMs = 20,
): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`hang guard: ${what} did not happen within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
