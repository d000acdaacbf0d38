import type { FieldErrors } from "../rules/contact-rules";

export type SendResult = { kind: "sent" } | { kind: "invalid"; errors: FieldErrors } | { kind: "limited" } | { kind: "failed" };

/**
 * Posts the contact form. Not retried: sending a message is not idempotent,
 * and a reader who sees "failed" still has their text and can press the
 * button again. The server stores before it answers, so "sent" means kept.
 */
export async function sendContactMessage(values: Record<string, string>): Promise<SendResult> {
  try {
    const response = await fetch("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(values),
    });
    if (response.ok) return { kind: "sent" };
    if (response.status === 429) return { kind: "limited" };
    if (response.status === 422) {
      const body: unknown = await response.json();
      return { kind: "invalid", errors: errorsFrom(body) };
    }
    return { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}

function errorsFrom(body: unknown): FieldErrors {
  const errors: unknown = typeof body === "object" && body !== null ? Reflect.get(body, "errors") : undefined;
  if (typeof errors !== "object" || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
