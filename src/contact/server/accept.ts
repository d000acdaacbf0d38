import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { HONEYPOT_FIELD, LOCALE_FIELD } from "../rules/contact-fields";
import { normaliseValue, validateSubmission, type FieldErrors, type FieldRule } from "../rules/contact-rules";
import { siteConfigOrNull } from "../../content/shaping/site-config";
import { clientAddress } from "./client-address";
import { messageFields, replyAddress, subjectLine } from "./compose";
import { crossSiteRefusal } from "./cross-site";
import { sendAfterStoring } from "./dispatch";
import { readFormBody } from "./read-body";
import { postedLocale } from "./posted-locale";
import { ownerEmailFrom } from "./recipient";
import { contactRuntime, type ContactRuntime } from "./runtime";
import { describeLocation } from "./store/location";
import { isStoreUnreachable, STORE_RETRY_AFTER_SECONDS } from "./store/unreachable";

export type AcceptOutcome =
  | { kind: "accepted" }
  /** The honeypot was filled: answered like "accepted", so a bot learns nothing, and not stored. */
  | { kind: "ignored" }
  /** Posted from another site's page (cross-site.ts); nothing of it is read, stored or shown back. */
  | { kind: "cross-site" }
  | { kind: "invalid"; errors: FieldErrors; values: Record<string, string> }
  | { kind: "limited"; retryAfterSeconds: number; values: Record<string, string> }
  | { kind: "too-large" }
  | { kind: "timed-out" }
  | { kind: "unsupported" }
  | { kind: "malformed" }
  | { kind: "unavailable" }
  /** The database is down or busy for now: the visitor is asked to try again shortly, their text kept. */
  | { kind: "store-unreachable"; retryAfterSeconds: number; values: Record<string, string> }
  | { kind: "store-failed"; values: Record<string, string> };

/** What the visitor typed, per field, to put back into the form after a no-JavaScript post. */
function typedValues(rules: readonly FieldRule[], fields: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(rules.map((rule) => [rule.name, normaliseValue(rule, fields[rule.name])]));
}

/** A store error as the visitor's answer: try again shortly (503) or something is wrong (500). */
function storeTrouble(runtime: ContactRuntime, error: unknown, values: Record<string, string>): AcceptOutcome {
  const where = describeLocation(runtime.config.store);
  if (isStoreUnreachable(error)) {
    console.warn(
      `contact: ${where} cannot be reached (${error instanceof Error ? error.message : String(error)}); asked the visitor to try again.`,
    );
    return { kind: "store-unreachable", retryAfterSeconds: STORE_RETRY_AFTER_SECONDS, values };
  }
  console.error(`contact: could not store a message in ${where}:`, error);
  return { kind: "store-failed", values };
}

/**
 * One contact post, whichever way it came (the script's JSON to
 * /api/contact, or a plain form post to /contact): refuse it when another
 * site's page sent it, then read, check (the rules clean every value
 * first: contact-text.ts), count against the sender's limit, store, and
 * only then hand it to the sender (dispatch.ts). The message is committed
 * before this returns, so "accepted" means it survives anything that
 * happens next.
 */
export async function acceptContact(request: IncomingMessage): Promise<AcceptOutcome> {
  const refusal = crossSiteRefusal(request.headers);
  if (refusal) {
    // Drained unread, so the 403 can be written; the line names no address (docs/contact-form.md: none is kept).
    request.resume();
    console.warn(`contact: refused a post from another site: ${refusal}.`);
    return { kind: "cross-site" };
  }
  const body = await readFormBody(request);
  if (body.kind !== "ok") return body;
  const site = await siteConfigOrNull();
  const rules = (site?.content.footer?.[0]?.contact_fields ?? []).filter((rule) => rule.name !== HONEYPOT_FIELD);
  if (rules.length === 0) return { kind: "unavailable" };

  const runtime = contactRuntime();
  // A serverless function's files do not outlive it: a SQLite file there would lose what it "kept" (start.ts logs why).
  if (runtime.config.platform !== null && runtime.config.store.kind === "sqlite") return { kind: "unavailable" };
  const address = clientAddress(request, runtime.config.addressSource);
  const honeypot = body.fields[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    // Counted, so a bot hammering the form is slowed down like anyone else; a store error changes nothing it sees.
    await runtime
      .store()
      .then((store) => store.rateLimit.hit(address, runtime.config.rateLimit))
      .catch(() => undefined);
    return { kind: "ignored" };
  }
  // The messages in the language of the page the form is on (posted-locale.ts says what is trusted).
  const result = validateSubmission(rules, body.fields, postedLocale(body.fields[LOCALE_FIELD], request.headers.referer));
  if (!result.ok) return { kind: "invalid", errors: result.errors, values: typedValues(rules, body.fields) };

  let stored;
  try {
    const store = await runtime.store();
    const decision = await store.rateLimit.hit(address, runtime.config.rateLimit);
    if (!decision.ok) return { kind: "limited", retryAfterSeconds: decision.retryAfterSeconds, values: result.values };
    stored = await store.add({
      uuid: randomUUID(),
      receivedAt: Date.now(),
      recipient: runtime.config.to ?? ownerEmailFrom(site?.content) ?? null,
      replyTo: replyAddress(rules, result.values),
      subject: subjectLine(rules, result.values),
      fields: messageFields(rules, result.values),
    });
  } catch (error) {
    return storeTrouble(runtime, error, result.values);
  }
  await sendAfterStoring(runtime, stored.id);
  return { kind: "accepted" };
}
