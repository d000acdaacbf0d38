/**
 * Runs writes one at a time, in arrival order. Every change to the content
 * folder goes through one queue, so two requests can never read the same
 * file, change it each their own way and lose one of the changes.
 */
export interface SerialQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = tail.then(task);
      // The next task waits for this one whether it succeeds or fails.
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
