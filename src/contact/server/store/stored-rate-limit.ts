import { createHmac, randomBytes } from "node:crypto";
import { rateLimitNetwork } from "../rate-limit-network";
import { writeTransaction, type Connection } from "./connect";

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const SALT_SETTING = "rate_limit_salt";
/** One lock for the whole limit: posts are rare, and the window's clean-up touches every key. */
const LOCK_KEY = "contact_rate_hits";

/**
 * At most `limit` messages per sender in any `windowMs`, a sender being an
 * IPv4 address or an IPv6 /64 (rate-limit-network.ts says why), counted in
 * the message store, so every instance that shares the store shares the
 * limit, and a restart does not reset it. Addresses are personal data, so
 * none is written: the key is an HMAC of the network under a random salt
 * the store keeps, and every hit older than the window is deleted on the
 * next post, so nothing about a sender outlives their window.
 */
export function createStoredRateLimit(connection: Connection) {
  let salt: Promise<Buffer> | undefined;

  // Created once per store, by whichever instance comes first; the others read it.
  async function loadSalt(): Promise<Buffer> {
    const { db } = connection;
    await db
      .insertInto("contact_settings")
      .values({ name: SALT_SETTING, value: randomBytes(32).toString("base64") })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .execute();
    const row = await db.selectFrom("contact_settings").select("value").where("name", "=", SALT_SETTING).executeTakeFirstOrThrow();
    return Buffer.from(row.value, "base64");
  }

  async function keyFor(address: string): Promise<string> {
    salt ??= loadSalt().catch((error: unknown) => {
      salt = undefined; // the database was down: try again on the next post
      throw error;
    });
    return createHmac("sha256", await salt)
      .update(rateLimitNetwork(address))
      .digest("base64url");
  }

  return {
    /** Counts one message from `address`'s network at `at`, or says how long to wait when it is over the limit. */
    async hit(address: string, { limit, windowMs }: RateLimitRule, at: number = Date.now()): Promise<RateDecision> {
      const key = await keyFor(address);
      return writeTransaction(connection, LOCK_KEY, async (trx) => {
        await trx
          .deleteFrom("contact_rate_hits")
          .where("at", "<=", at - windowMs)
          .execute();
        const recent = await trx
          .selectFrom("contact_rate_hits")
          .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min<number>("at").as("oldest")])
          .where("key", "=", key)
          .executeTakeFirstOrThrow();
        if (Number(recent.count) >= limit) {
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(recent.oldest) + windowMs - at) / 1000)) };
        }
        await trx.insertInto("contact_rate_hits").values({ key, at }).execute();
        return { ok: true };
      });
    },
    /** How many senders are remembered right now (for tests that nothing outlives its window). */
    async rememberedSenders(): Promise<number> {
      const row = await connection.db
        .selectFrom("contact_rate_hits")
        .select((eb) => eb.fn.count<number>("key").distinct().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type StoredRateLimit = ReturnType<typeof createStoredRateLimit>;
