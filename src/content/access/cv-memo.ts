/**
 * Per-process memo of published answers, valid while the cache version
 * (`cv`) the client knows stays the same: the same rule storyblok-js-client
 * applies to its own cache, plus two things it lacks. Concurrent callers
 * share one request (a build worker renders pages in parallel, and the
 * library only caches an answer once it has arrived), and a value can be
 * derived once from an answer (the project index) instead of per call.
 * Failures and `null` (not found) are never kept: a story published later
 * must be found on the next request.
 */
export type CvMemo = <T>(key: string, load: () => Promise<T>) => Promise<T>;

interface Entry {
  value: Promise<unknown>;
  /** The cv when the value arrived; undefined while it is in flight. */
  cv?: number | undefined;
  settled: boolean;
}

export function createCvMemo(currentCv: () => number | undefined): CvMemo {
  const entries = new Map<string, Entry>();
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const entry = entries.get(key);
    if (entry && (!entry.settled || entry.cv === currentCv())) return entry.value as Promise<T>;
    const fresh: Entry = { value: load(), settled: false };
    entries.set(key, fresh);
    const forget = () => {
      if (entries.get(key) === fresh) entries.delete(key);
    };
    fresh.value.then((value) => {
      fresh.settled = true;
      fresh.cv = currentCv();
      if (value === null) forget();
    }, forget);
    return fresh.value as Promise<T>;
  };
}
