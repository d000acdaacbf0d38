/**
 * Replayed webhooks. A signed payload stays valid forever (Storyblok signs
 * the body only: no timestamp, no nonce), so whoever sees one can send it
 * again, and each copy would re-render every page it names. A payload is
 * suppressed when the same raw body was processed successfully within
 * REPLAY_WINDOW_MS and the published content has not changed since.
 *
 * The content check matters: Storyblok's payload for a story is the same
 * bytes every time it is published (`{"text":"The user … published the Story
 * …","action":"published","story_id":…}`), so an editor who fixes a typo and
 * publishes again a few seconds later sends an identical body, and that one
 * must be processed. Its listing of the published stories differs; a replay's
 * does not.
 *
 * Kept in this process's memory: with several instances each suppresses its
 * own repeats. Copies sent at once land in one batch (webhook-batch.ts),
 * which processes one of them and answers the others as duplicates.
 */
import { createHash } from "node:crypto";

/**
 * Storyblok sends each event once, within seconds; a minute covers a
 * replay burst and the retries of a client that did not see the answer,
 * and a re-publish with new content is never suppressed (see above).
 */
export const REPLAY_WINDOW_MS = 60_000;

/**
 * Only validly signed payloads are remembered, so only the secret's holder
 * can add entries; the cap keeps memory bounded even then (each entry is two
 * hex digests and a time: about 200 bytes).
 */
export const MAX_REMEMBERED_PAYLOADS = 1_000;

export interface ReplayGuardOptions {
  windowMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface ReplayGuard {
  /** When the payload was last processed successfully at this content fingerprint within the window (ms ago), else undefined. */
  processedAgo(payload: string, content: string): number | undefined;
  /** Records a successful processing of the payload at this content fingerprint. */
  remember(payload: string, content: string): void;
  /** How many payloads are remembered now (expired ones are dropped first). */
  remembered(): number;
}

/** A payload's key: the sha256 of its raw bytes (the signature covers exactly these). */
export function payloadKey(body: Uint8Array): string {
  return createHash("sha256").update(body).digest("hex");
}

/** A digest of what a listing says: any change to any published story changes it. */
export function contentFingerprint(listing: unknown): string {
  return createHash("sha256").update(JSON.stringify(listing)).digest("hex");
}

export function createReplayGuard(options: ReplayGuardOptions = {}): ReplayGuard {
  const { windowMs = REPLAY_WINDOW_MS, maxEntries = MAX_REMEMBERED_PAYLOADS, now = Date.now } = options;
  // Insertion order is processing order, and every entry lives as long, so the oldest is always first.
  const processed = new Map<string, { at: number; content: string }>();

  const forgetExpired = () => {
    for (const [key, entry] of processed) {
      if (now() - entry.at < windowMs) break;
      processed.delete(key);
    }
  };

  return {
    processedAgo(payload, content) {
      forgetExpired();
      const entry = processed.get(payload);
      return entry && entry.content === content ? now() - entry.at : undefined;
    },

    remember(payload, content) {
      processed.delete(payload);
      processed.set(payload, { at: now(), content });
      forgetExpired();
      while (processed.size > maxEntries) processed.delete(processed.keys().next().value!);
    },

    remembered() {
      forgetExpired();
      return processed.size;
    },
  };
}
