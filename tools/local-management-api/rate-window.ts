/**
 * Storyblok's Management API limit: so many calls per second per token
 * (3 on the Starter plan, https://storyblok.com/docs/api/management/getting-started/rate-limit),
 * past which it answers 429. Kept as a rolling one-second window: a call is
 * admitted when fewer than `perSecond` calls were admitted in the second
 * before it. Refused calls do not count, so a client that backs off gets in.
 */
export interface RateWindow {
  /**
   * When the call was admitted, by the window's clock (it may go ahead, and is counted); undefined
   * means 429. The time is the one the window decided by, so a log of them shows the limit as it
   * was kept: a time read elsewhere (as the request arrived, or as it was answered) may differ
   * from it by whatever a busy machine put between the two readings.
   */
  admit(): number | undefined;
}

export function createRateWindow(perSecond: number, now: () => number = Date.now): RateWindow {
  const admitted: number[] = [];
  return {
    admit() {
      const at = now();
      while (admitted.length > 0 && at - admitted[0]! >= 1000) admitted.shift();
      if (admitted.length >= perSecond) return undefined;
      admitted.push(at);
      return at;
    },
  };
}
