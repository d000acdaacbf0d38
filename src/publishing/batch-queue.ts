/**
 * Items that arrive together are handled together: an item opens a batch,
 * which keeps collecting until no item has come for `settleMs` (at most
 * `maxCollectMs` after its first), and batches run one at a time. While one
 * runs, everything that arrives joins the next, which starts when the
 * running one ends: one batch in flight, one collecting, however many items
 * come in. Each item gets its batch's id at once and its own result when the
 * batch ends.
 */
export interface BatchTiming {
  /** A batch closes when no item has arrived for this long… */
  settleMs: number;
  /** …or this long after its first item, so a steady stream still gets handled. */
  maxCollectMs: number;
}

export interface Queued<R> {
  batch: number;
  result: Promise<R>;
}

/** Runs one batch; answers one result per item, in the items' order. */
export type RunBatch<I, R> = (items: readonly I[], batch: number) => Promise<R[]>;

interface Entry<I, R> {
  item: I;
  resolve(result: R): void;
  reject(error: unknown): void;
}

interface Batch<I, R> {
  id: number;
  entries: Entry<I, R>[];
  firstAt: number;
  /** Done collecting: starts as soon as no batch runs. */
  due: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

export function createBatchQueue<I, R>(run: RunBatch<I, R>, timing: BatchTiming): { add(item: I): Queued<R> } {
  let nextId = 1;
  let open: Batch<I, R> | undefined;
  let running = false;

  function startIfIdle(): void {
    if (running || !open?.due) return;
    const batch = open;
    open = undefined;
    running = true;
    run(
      batch.entries.map((entry) => entry.item),
      batch.id,
    )
      .then(
        (results) => batch.entries.forEach((entry, i) => entry.resolve(results[i]!)),
        (error: unknown) => batch.entries.forEach((entry) => entry.reject(error)),
      )
      .finally(() => {
        running = false;
        startIfIdle();
      });
  }

  return {
    add(item) {
      const batch = (open ??= { id: nextId++, entries: [], firstAt: Date.now(), due: false });
      const result = new Promise<R>((resolve, reject) => batch.entries.push({ item, resolve, reject }));
      if (!batch.due) {
        clearTimeout(batch.timer);
        const wait = Math.min(timing.settleMs, batch.firstAt + timing.maxCollectMs - Date.now());
        batch.timer = setTimeout(
          () => {
            batch.due = true;
            startIfIdle();
          },
          Math.max(0, wait),
        );
      }
      return { batch: batch.id, result };
    },
  };
}
