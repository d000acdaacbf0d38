import { isEmailAddress, normaliseValue, type FieldRule } from "../rules/contact-rules";
import { cleanSingleLine } from "../rules/contact-text";
import type { MessageField } from "./store/message-store";

/**
 * The stored form of a valid submission: the fields in the form's order,
 * each with its label. Each value goes through the rules' cleaning again
 * (it changes nothing on a value validateSubmission returned), so the row,
 * and the mail made from it, never holds a value that skipped it.
 */
export function messageFields(rules: readonly FieldRule[], values: Readonly<Record<string, string>>): MessageField[] {
  return rules.map((rule) => ({ name: rule.name, label: rule.label, value: normaliseValue(rule, values[rule.name] ?? "") }));
}

/**
 * Replies go to the first email field whose value, cleaned, is a valid
 * address: one line, no control or bidi characters, no space, comma or
 * angle bracket, so it is one address and nothing else in the Reply-To
 * header. Checked here too, not only by the rules: this is the value that
 * becomes a header.
 */
export function replyAddress(rules: readonly FieldRule[], values: Readonly<Record<string, string>>): string | null {
  for (const rule of rules) {
    if (rule.input_type !== "email") continue;
    const address = cleanSingleLine(values[rule.name] ?? "");
    if (address !== "" && isEmailAddress(address)) return address;
  }
  return null;
}

/** Subjects stay short in a mail list; counted in characters, so an emoji is never cut in half. */
const SUBJECT_NAME_LENGTH = 80;

/** "Contact form: Femke de Wit": the field named "name", or else the first text field, cleaned to one line. */
export function subjectLine(rules: readonly FieldRule[], values: Readonly<Record<string, string>>): string {
  const field = rules.find((rule) => rule.name === "name") ?? rules.find((rule) => (rule.input_type ?? "text") === "text");
  const who = Array.from(cleanSingleLine((field ? values[field.name] : undefined) ?? ""))
    .slice(0, SUBJECT_NAME_LENGTH)
    .join("")
    .trim();
  return who ? `Contact form: ${who}` : "Contact form: a new message";
}
