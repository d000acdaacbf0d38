import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { HONEYPOT_FIELD } from "../site/contact-fields";
import { normaliseValue, validateSubmission, type FieldErrors, type FieldRule } from "../site/contact-rules";
import { siteConfigOrNull } from "../site/site-config";
import { clientAddress } from "./client-address";
import { messageFields, replyAddress, subjectLine } from "./compose";
import { crossSiteRefusal } from "./cross-site";
import { readFormBody } from "./read-body";
import { ownerEmailFrom } from "./recipient";
import { contactRuntime } from "./runtime";

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
  | { kind: "store-failed"; values: Record<string, string> };

/** What the visitor typed, per field, to put back into the form after a no-JavaScript post. */
function typedValues(rules: readonly FieldRule[], fields: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(rules.map((rule) => [rule.name, normaliseValue(rule, fields[rule.name])]));
}

/**
 * One contact post, whichever way it came (the script's JSON to
 * /api/contact, or a plain form post to /contact): refuse it when another
 * site's page sent it, then read, check (the rules clean every value
 * first: contact-text.ts), count
 * against the sender's limit, store, and only then hand it to the sender.
 * Storing is synchronous and committed before this returns, so "accepted"
 * means the message survives anything that happens next.
 */
export async function acceptContact(request: IncomingMessage): Promise<AcceptOutcome> {
  const refusal = crossSiteRefusal(request.headers);
  if (refusal) {
    // Drained unread, so the 403 can be written; the line names no address (README: none is kept).
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
  const address = clientAddress(request, runtime.config.trustProxy);
  const honeypot = body.fields[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    // Counted, so a bot hammering the form is slowed down like anyone else.
    runtime.limiter.hit(address);
    return { kind: "ignored" };
  }
  const result = validateSubmission(rules, body.fields);
  if (!result.ok) return { kind: "invalid", errors: result.errors, values: typedValues(rules, body.fields) };
  const decision = runtime.limiter.hit(address);
  if (!decision.ok) return { kind: "limited", retryAfterSeconds: decision.retryAfterSeconds, values: result.values };

  try {
    runtime.store().add({
      uuid: randomUUID(),
      receivedAt: Date.now(),
      recipient: runtime.config.to ?? ownerEmailFrom(site?.content) ?? null,
      replyTo: replyAddress(rules, result.values),
      subject: subjectLine(rules, result.values),
      fields: messageFields(rules, result.values),
    });
  } catch (error) {
    console.error(`contact: could not store a message in ${runtime.config.dbPath}:`, error);
    return { kind: "store-failed", values: result.values };
  }
  // Sent after the answer: the visitor waits for the disk, never for SMTP.
  void runtime.loop()?.kick();
  return { kind: "accepted" };
}
