/**
 * The sliding window kept in Redis, shared by every instance that uses the
 * same key: a sorted set of requests scored by when their answer came (see
 * sliding-window.ts for why). Lua scripts prune, count and add atomically,
 * so two instances can never both take the last slot. Times come from
 * Redis's own clock (TIME), not the instances': their clocks may disagree
 * by more than the window.
 *
 * A request on its way is scored a lease ahead (10 s), so it counts until
 * its answer rescores it; if its instance dies first, the lease ends and
 * the slot comes back on its own.
 */
import { randomUUID } from "node:crypto";
import type { RedisLink } from "../../../redis/redis-link.mjs";
import { IN_FLIGHT_POLL_MS, type RequestWindow, type Slot } from "./sliding-window";

/** How long a request on its way counts at most, if no answer ever rescores it. */
const IN_FLIGHT_LEASE_MS = 10_000;

const NOW_US = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
`;

// KEYS[1] the window; ARGV[1] its length in µs, ARGV[2] the limit, ARGV[3] a unique member,
// ARGV[4] the lease in µs, ARGV[5] the wait (ms) while the window is full of requests on their way.
// Returns 0 when a slot was taken, else the ms to wait before asking again.
const TAKE_SLOT = `${NOW_US}
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local lease = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now + lease, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], math.ceil((window + lease) / 1000))
  return 0
end
local blocking = tonumber(redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')[2])
if blocking > now then return tonumber(ARGV[5]) end
return math.max(1, math.ceil((blocking + window - now) / 1000))
`;

// KEYS[1] the window; ARGV[1] the member. Rescored to now (its answer came), if still there.
const RELEASE_SLOT = `${NOW_US}
redis.call('ZADD', KEYS[1], 'XX', now, ARGV[1])
return 0
`;

export function createRedisWindow(link: RedisLink, key: string, windowMs: number): RequestWindow {
  // Members must be unique across instances: two starts in the same microsecond are two requests.
  const instance = randomUUID();
  let sequence = 0;
  return {
    async take(limit): Promise<Slot | number> {
      const member = `${instance}:${++sequence}`;
      const wait = await link.run((redis) =>
        redis.eval(TAKE_SLOT, {
          keys: [key],
          arguments: [String(windowMs * 1000), String(limit), member, String(IN_FLIGHT_LEASE_MS * 1000), String(IN_FLIGHT_POLL_MS)],
        }),
      );
      if (typeof wait !== "number") throw new Error(`unexpected answer from the rate-limit script: ${JSON.stringify(wait)}`);
      if (wait > 0) return wait;
      return {
        release() {
          // Unreachable Redis: the lease frees the slot later (the link logs the outage).
          link.run((redis) => redis.eval(RELEASE_SLOT, { keys: [key], arguments: [member] })).catch(() => undefined);
        },
      };
    },
  };
}
