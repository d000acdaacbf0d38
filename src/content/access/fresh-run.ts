/**
 * Callers that arrive together share one run of `fn`, and each gets the
 * result of a run that started after it called: a webhook's "latest cv" or
 * "every story" must not be the answer to a request sent before the publish
 * it reports. So a caller that finds a run in flight waits for the next one,
 * which every caller waiting meanwhile shares: 40 webhooks in a second cost
 * two runs, not 40.
 */
export function freshRuns<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const run: Promise<T> = fn().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        // A caller that came after the run ended may have started one already: it is fresh enough.
        return running ?? start();
      });
    return next;
  };
}
