import { createHash, timingSafeEqual } from "node:crypto";
import { deliverDue, type DeliveryReport } from "./delivery";
import type { ContactRuntime } from "./runtime";
import { isStoreUnreachable } from "./store/unreachable";

/**
 * True when `authorization` is exactly "Bearer <secret>". Compared as
 * SHA-256 digests in constant time, so neither the secret's length nor its
 * first differing byte shows in how long a refusal takes. No secret set
 * means nothing is accepted: the route must never run unguarded.
 */
export function bearerMatches(authorization: string | undefined, secret: string | undefined): boolean {
  if (!secret || typeof authorization !== "string") return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(authorization), digest(`Bearer ${secret}`));
}

/** A scheduled call ends its work within this, so it finishes inside a platform's function time limit (Vercel's Hobby plan: 60 s). */
const DRAIN_BUDGET_MS = 25_000;

export type DrainOutcome =
  | { kind: "done"; report: DeliveryReport; queued: number }
  | { kind: "no-smtp" }
  | { kind: "store-unreachable"; error: string }
  | { kind: "store-failed"; error: string };

/**
 * What GET /api/contact/deliver does once authorised: sends every queued
 * message, as `portfolio messages retry` does (the schedule's interval is
 * the backoff; a failure's own wait would otherwise push it to a later
 * run), leases respected, so a send in flight elsewhere is not repeated;
 * then says how many were sent, failed, and are still queued.
 */
export async function drainQueue(runtime: ContactRuntime, now: () => number = Date.now): Promise<DrainOutcome> {
  const mailer = runtime.mailer();
  if (!mailer) return { kind: "no-smtp" };
  try {
    const store = await runtime.store();
    await store.makeAllDue();
    const report = await deliverDue(store, mailer, { ...runtime.deliveryOptions, now, stopClaimingAt: now() + DRAIN_BUDGET_MS });
    return { kind: "done", report, queued: await store.queuedCount() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return isStoreUnreachable(error) ? { kind: "store-unreachable", error: message } : { kind: "store-failed", error: message };
  }
}
