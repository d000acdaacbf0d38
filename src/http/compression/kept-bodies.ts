/**
 * Bodies the server sends again and again (a cached page, a build file),
 * kept with their ETag and their compressed copies, so that each is
 * hashed, encoded and compressed once and not per request.
 *
 * A body is found by itself, never by address: a page's HTML as the text
 * Next.js hands over (the same string for every request while the page is
 * cached, so finding it costs a lookup and no hashing), any other body by
 * the digest of its bytes. When ISR regenerates a page the new HTML is
 * another body with an entry of its own, so no request can ever be sent an
 * older page's copy or ETag. Entries no longer sent fall out, least recently
 * used first, past a bounded number of bytes.
 *
 * The ETag is the body's SHA-256, so every instance of the site gives the
 * same body the same tag. The first request for a body compresses it now:
 * a page up to FIRST_COPY_BROTLI_BEST_MAX_BYTES at Brotli's best quality
 * (11), a larger one up to FIRST_COPY_BROTLI_10_MAX_BYTES at quality 10,
 * any other body at a fast level, as a request for a body not kept is. A
 * copy not yet at the coding's best level is then made again at it off the
 * main thread (zlib's thread pool) and replaces the first one when done, at
 * a cost (around 0.05–0.2 s of a core for a page) no request waits for.
 *
 * Why a page's first copy at Brotli's top levels: they match differently
 * from the rest, and a page at quality 5 is about a tenth larger than at 11.
 * The first visitor after a build or a regeneration would otherwise get a
 * home page too large for the first congestion window (issue 58: 14.9 KB
 * against 13.7 KB), and with it a round trip more before the first paint.
 * Quality 10 came within 1–1.5 % of 11, at half its cost, until that was
 * the Dutch home page's margin: 14,056 B against 13,883 B. Quality 11 costs
 * some 50 ms of a slow core for a 55 KB page, once per page and build, and
 * leaves nothing to redo (10 and then 11 off the thread cost 75 ms); past 64
 * KB a page no longer fits the window anyway, and gets quality 10.
 */
import { createHash } from "node:crypto";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { ContentCoding } from "./accept-encoding";

export type Coding = Exclude<ContentCoding, "identity">;

/** Kept, in bytes of body and copies: every page of the site several times over, and a bound a flood of bodies cannot pass. */
const DEFAULT_BUDGET_BYTES = 24 * 1024 * 1024;
/** Brotli 5 compresses about as fast as gzip 6 and a few percent smaller. */
const FAST_BROTLI_QUALITY = 5;
const FAST_GZIP_LEVEL = 6;
/** A kept body up to this size gets its first Brotli copy at the best quality (see above)… */
const FIRST_COPY_BROTLI_BEST_MAX_BYTES = 64 * 1024;
/** …one up to this size at quality 10, and a larger one at the fast level. */
const FIRST_COPY_BROTLI_10_MAX_BYTES = 128 * 1024;

/** `body` compressed now, at the fast level: for a body not kept, and the first copy of a kept one too large for Brotli's top levels (or in gzip). */
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

/** A kept body's first copy, made now (see FIRST_COPY_BROTLI_BEST_MAX_BYTES), and whether it is already at the coding's best level. */
function compressFirstCopy(body: Buffer, coding: Coding): { copy: Buffer; best: boolean } {
  if (coding !== "br" || body.length > FIRST_COPY_BROTLI_10_MAX_BYTES) return { copy: compressNow(body, coding), best: false };
  const best = body.length <= FIRST_COPY_BROTLI_BEST_MAX_BYTES;
  const quality = best ? constants.BROTLI_MAX_QUALITY : 10;
  return { copy: brotliCompressSync(body, { params: brotliParams(body, quality) }), best };
}

/** `body` at the coding's best level, off the main thread. */
function compressBest(body: Buffer, coding: Coding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === "br") brotliCompress(body, { params: brotliParams(body, constants.BROTLI_MAX_QUALITY) }, done);
    else gzip(body, { level: constants.Z_BEST_COMPRESSION }, done);
  });
}

/** A kept body: its bytes, its ETag, its compressed copies. */
interface KeptBody {
  readonly bytes: Buffer;
  /** A strong ETag (quoted): the body's SHA-256. */
  readonly etag: string;
  /** The body compressed in `coding`: the kept copy, or one made now (and kept, then bettered if not yet at its best). */
  copy(coding: Coding): Buffer;
}

export interface KeptBodies {
  /** The entry for `body` (the text as handed over, or its bytes): the kept one, or a new one. */
  keep(body: string | Buffer): KeptBody;
  /** Resolves when no better copy is still being made (for tests). */
  settled(): Promise<void>;
  /** Bytes kept, bodies and copies. */
  readonly keptBytes: number;
}

/** A lookup key that no HTML text can be: bytes are found by their digest. */
const DIGEST_KEY = "\u0000sha256:";

export function keptBodies(budgetBytes = DEFAULT_BUDGET_BYTES): KeptBodies {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const kept = new Map<string, Entry>();
  const improving = new Set<Promise<void>>();
  let keptBytes = 0;

  interface Entry extends KeptBody {
    /** Bytes this entry holds (key, body, copies). */
    size: number;
  }

  const shrinkToBudget = (current: string) => {
    for (const [key, entry] of kept) {
      if (keptBytes <= budgetBytes || key === current) break;
      kept.delete(key);
      keptBytes -= entry.size;
    }
  };

  const makeEntry = (key: string, bytes: Buffer, digest: Buffer): Entry => {
    const copies = new Map<Coding, Buffer>();
    const entry: Entry = {
      bytes,
      etag: `"${digest.toString("base64url")}"`,
      // A key holds about a byte a character: HTML is mostly Latin-1, which V8 stores a byte a character.
      size: bytes.length + key.length,
      copy(coding) {
        const found = copies.get(coding);
        if (found) return found;
        const { copy: first, best } = compressFirstCopy(bytes, coding);
        const hold = (copy: Buffer, previous = 0) => {
          copies.set(coding, copy);
          entry.size += copy.length - previous;
          // An entry pushed out meanwhile no longer counts towards the budget.
          if (kept.get(key) === entry) keptBytes += copy.length - previous;
        };
        hold(first);
        shrinkToBudget(key);
        if (best) return first;
        const better = compressBest(bytes, coding)
          .then((bestCopy) => {
            // Only while the entry is still kept and the best copy is smaller.
            if (kept.get(key) === entry && copies.get(coding) === first && bestCopy.length < first.length) hold(bestCopy, first.length);
          })
          // A failure leaves the first copy, which is correct, only larger.
          .catch(() => undefined)
          .finally(() => improving.delete(better));
        improving.add(better);
        return first;
      },
    };
    return entry;
  };

  return {
    keep(body) {
      const digestOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest();
      let key: string;
      let bytes: Buffer | undefined;
      let digest: Buffer | undefined;
      if (typeof body === "string") key = body;
      else {
        digest = digestOf(body);
        key = DIGEST_KEY + digest.toString("base64");
        bytes = body;
      }
      const found = kept.get(key);
      if (found) {
        kept.delete(key);
        kept.set(key, found);
        return found;
      }
      bytes ??= Buffer.from(body as string, "utf8");
      digest ??= digestOf(bytes);
      const entry = makeEntry(key, bytes, digest);
      kept.set(key, entry);
      keptBytes += entry.size;
      shrinkToBudget(key);
      return entry;
    },
    async settled() {
      while (improving.size > 0) await Promise.all(improving);
    },
    get keptBytes() {
      return keptBytes;
    },
  };
}
