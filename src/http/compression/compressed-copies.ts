/**
 * Compressed copies of bodies the server sends again and again (a cached
 * page, a build file), so that each is compressed once and not per request.
 *
 * A copy is found by the digest of the uncompressed body it was made from
 * and its coding, never by address or ETag: when ISR regenerates a page,
 * the new body has a new digest and gets a copy of its own, so no request
 * can ever be sent an older page's compressed copy. Copies of bodies no
 * longer sent fall out, least recently used first, past a bounded number of
 * bytes.
 *
 * The first request for a body compresses it at a fast level, as a request
 * without a copy is; the copy is then made again at Brotli's (or gzip's)
 * best level off the main thread (zlib's thread pool) and replaces the fast
 * one when done: about a tenth smaller for the site's HTML, at a cost
 * (around 0.1–0.2 s of a core for a page) no request waits for.
 */
import { createHash } from "node:crypto";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { ContentCoding } from "./accept-encoding";

type Coding = Exclude<ContentCoding, "identity">;

/** Copies kept, in bytes of compressed body: every page of the site several times over, and a bound a flood of bodies cannot pass. */
const DEFAULT_BUDGET_BYTES = 16 * 1024 * 1024;
/** Brotli 5 compresses about as fast as gzip 6 and a few percent smaller. */
const FAST_BROTLI_QUALITY = 5;
const FAST_GZIP_LEVEL = 6;

/** `body` compressed now, at the fast level: for a body without a copy, and for one that may not be kept. */
export function compressNow(body: Buffer, coding: Coding): Buffer {
  return coding === "br"
    ? brotliCompressSync(body, { params: brotliParams(body, FAST_BROTLI_QUALITY) })
    : gzipSync(body, { level: FAST_GZIP_LEVEL });
}

function brotliParams(body: Buffer, quality: number) {
  return {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  };
}

/** `body` at the coding's best level, off the main thread. */
function compressBest(body: Buffer, coding: Coding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === "br") brotliCompress(body, { params: brotliParams(body, constants.BROTLI_MAX_QUALITY) }, done);
    else gzip(body, { level: constants.Z_BEST_COMPRESSION }, done);
  });
}

export interface CompressedCopies {
  /** The compressed copy of `body` in `coding`: a kept one, or one made now (and kept, then bettered). */
  copyOf(body: Buffer, coding: Coding): Buffer;
  /** Resolves when no better copy is still being made (for tests). */
  settled(): Promise<void>;
  /** Bytes of compressed copies kept. */
  readonly keptBytes: number;
}

export function compressedCopies(budgetBytes = DEFAULT_BUDGET_BYTES): CompressedCopies {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const kept = new Map<string, Buffer>();
  const improving = new Set<Promise<void>>();
  let keptBytes = 0;

  const keep = (key: string, copy: Buffer) => {
    const previous = kept.get(key);
    if (previous) {
      keptBytes -= previous.length;
      kept.delete(key);
    }
    kept.set(key, copy);
    keptBytes += copy.length;
    for (const [oldest, buffer] of kept) {
      if (keptBytes <= budgetBytes || oldest === key) break;
      kept.delete(oldest);
      keptBytes -= buffer.length;
    }
  };

  return {
    copyOf(body, coding) {
      const key = `${coding}:${createHash("sha256").update(body).digest("base64")}`;
      const found = kept.get(key);
      if (found) {
        kept.delete(key);
        kept.set(key, found);
        return found;
      }
      const fast = compressNow(body, coding);
      keep(key, fast);
      const better = compressBest(body, coding)
        .then((best) => {
          // Only if the fast copy is still kept (not pushed out meanwhile) and the best one is smaller.
          if (kept.get(key) === fast && best.length < fast.length) keep(key, best);
        })
        // A failure leaves the fast copy, which is correct, only larger.
        .catch(() => undefined)
        .finally(() => improving.delete(better));
      improving.add(better);
      return fast;
    },
    async settled() {
      while (improving.size > 0) await Promise.all(improving);
    },
    get keptBytes() {
      return keptBytes;
    },
  };
}
