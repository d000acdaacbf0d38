/**
 * Related stories by uuid, each fetched at most once per cache version.
 * storyblok-js-client resolves a listing's relations (more than 50 of them
 * arrive as `rel_uuids`) by fetching them again in `by_uuids` batches of
 * 50, per listing page and per call, so a build of 2,000 projects fetched
 * the same related stories over and over (337 batches, growing faster than
 * the pages). Here only uuids not known yet are asked for, a uuid already
 * on its way is awaited, not asked for again, and the uuids that wait are
 * sent together in full batches.
 *
 * An entry holds while the client's cv is the one its answer carried and
 * the client has not flushed its cache (a response with a new cv, a
 * refresh): the rule of the library's own cache of published answers. A
 * uuid the API did not return (unpublished, or no story) is remembered as
 * absent for as long: publishing it brings a new cv. A failed batch is
 * forgotten.
 */
export interface RelatedStory {
  uuid: string;
  [field: string]: unknown;
}

interface RelationBatch {
  /** The cv the answer carried. */
  cv: number | undefined;
  stories: RelatedStory[];
}

export interface RelationMemo {
  /**
   * The stories with these uuids that exist, for requests of the same `shape`
   * (the parameters that change an answer: language, excluded fields).
   * `fetch` gets only uuids not known yet, at most 50 at a time. Each story
   * is a copy: the library writes resolved relations into what it gets.
   */
  stories(uuids: readonly string[], shape: string, fetch: (missing: string[]) => Promise<RelationBatch>): Promise<RelatedStory[]>;
  /** Forgets everything (the client flushed its cache). */
  clear(): void;
}

/** The API's largest by_uuids batch, as the library sends them. */
const BATCH_SIZE = 50;
/** Batches of one shape on their way at once; the rest wait and fill up meanwhile. */
const BATCHES_IN_FLIGHT = 2;

interface Entry {
  value: Promise<RelatedStory | null>;
  /** Set when the answer arrived. */
  settled: boolean;
  cv?: number | undefined;
  generation: number;
}

interface Waiting {
  uuid: string;
  settle(story: RelatedStory | null, cv: number | undefined): void;
  fail(reason: unknown): void;
}

/** Uuids of one shape waiting for a batch, and how they are fetched. */
interface Queue {
  waiting: Waiting[];
  inFlight: number;
  fetch: (missing: string[]) => Promise<RelationBatch>;
}

export function createRelationMemo(currentCv: () => number | undefined): RelationMemo {
  const entries = new Map<string, Entry>();
  const queues = new Map<string, Queue>();
  let generation = 0;
  const isCurrent = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && entry.generation === generation && (!entry.settled || entry.cv === currentCv());

  /**
   * Sends the waiting uuids in full batches, a few at a time: the library
   * asks per listing page, 50 at a time, and most of each page's 50 are
   * known by then. Uuids that wait while a batch is on its way (for a slot
   * of the request limiter, mostly) go together in the next one.
   */
  function pump(queue: Queue): void {
    while (queue.waiting.length > 0 && queue.inFlight < BATCHES_IN_FLIGHT) {
      const batch = queue.waiting.splice(0, BATCH_SIZE);
      queue.inFlight++;
      queue
        .fetch(batch.map((w) => w.uuid))
        .then(
          ({ cv, stories }) => {
            const found = new Map(stories.map((story) => [story.uuid, story]));
            for (const waiting of batch) waiting.settle(found.get(waiting.uuid) ?? null, cv);
          },
          (reason: unknown) => {
            for (const waiting of batch) waiting.fail(reason);
          },
        )
        .finally(() => {
          queue.inFlight--;
          pump(queue);
        });
    }
  }

  function enqueue(key: string, uuid: string, queue: Queue): Entry {
    const entry: Entry = { value: Promise.resolve(null), settled: false, generation };
    entry.value = new Promise<RelatedStory | null>((resolve, reject) => {
      queue.waiting.push({
        uuid,
        settle(story, cv) {
          entry.settled = true;
          entry.cv = cv;
          resolve(story);
        },
        fail(reason) {
          if (entries.get(key) === entry) entries.delete(key);
          reject(reason instanceof Error ? reason : new Error(String(reason)));
        },
      });
    });
    // Callers see the failure; the entry itself must not be an unhandled rejection.
    entry.value.catch(() => undefined);
    entries.set(key, entry);
    return entry;
  }

  return {
    async stories(uuids, shape, fetch) {
      const queue = queues.get(shape) ?? { waiting: [], inFlight: 0, fetch };
      queues.set(shape, queue);
      queue.fetch = fetch;
      const pending = [...new Set(uuids)].map((uuid) => {
        const key = `${shape}|${uuid}`;
        const entry = entries.get(key);
        // Taken now: a clear() while they are on their way must not lose them for this caller.
        return isCurrent(entry) ? entry.value : enqueue(key, uuid, queue).value;
      });
      pump(queue);
      const found = await Promise.all(pending);
      return found.filter((story): story is RelatedStory => story !== null).map((story) => structuredClone(story));
    },
    clear() {
      entries.clear();
      generation++;
    },
  };
}
