/**
 * The queue of faults a test hands the local CDN (src/content/sources/local-cdn/faults.ts
 * says what each does): the CDN takes the next one for each request it serves.
 */
import type { Fault, FaultInjector } from "../../../src/content/sources/local-cdn/faults";

export function createFaultInjector(): FaultInjector {
  const queue: Fault[] = [];
  return {
    inject(fault, times = 1) {
      for (let i = 0; i < times; i++) queue.push(fault);
    },
    clear() {
      queue.length = 0;
    },
    next() {
      return queue.shift();
    },
    get pending() {
      return queue.length;
    },
  };
}
