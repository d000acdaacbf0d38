import { createHmac, randomBytes } from "node:crypto";
import { rateLimitNetwork } from "./rate-limit-network";

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
}

/**
 * At most `limit` messages per sender in any `windowMs`, a sender being an
 * IPv4 address or an IPv6 /64 (rate-limit-network.ts says why). Addresses
 * are personal data, so none is kept at all: the key is an HMAC of the
 * network under a salt that lives only in this process's memory, and a key
 * is forgotten once its window has passed.
 */
export function createRateLimiter({ limit, windowMs, now = Date.now }: RateLimitOptions) {
  const salt = randomBytes(32);
  const hits = new Map<string, number[]>();

  const keyFor = (address: string) => createHmac("sha256", salt).update(rateLimitNetwork(address)).digest("base64url");

  function forgetExpired(at: number) {
    for (const [key, times] of hits) {
      const recent = times.filter((time) => at - time < windowMs);
      if (recent.length === 0) hits.delete(key);
      else hits.set(key, recent);
    }
  }

  return {
    /** Counts one message from `address`'s network, or says how long to wait when over the limit. */
    hit(address: string): RateDecision {
      const at = now();
      forgetExpired(at);
      const key = keyFor(address);
      const recent = hits.get(key) ?? [];
      if (recent.length >= limit) {
        const oldest = Math.min(...recent);
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
      }
      hits.set(key, [...recent, at]);
      return { ok: true };
    },
    /** How many addresses are remembered right now (for tests of forgetting). */
    size(): number {
      forgetExpired(now());
      return hits.size;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
