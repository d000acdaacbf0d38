import type { FieldRule } from "../site/contact-rules";
import type { MessageField } from "./message-store";

/** The stored form of a valid submission: the fields in the form's order, each with its label. */
export function messageFields(rules: readonly FieldRule[], values: Readonly<Record<string, string>>): MessageField[] {
  return rules.map((rule) => ({ name: rule.name, label: rule.label, value: values[rule.name] ?? "" }));
}

/** Replies go to the first email field the visitor filled in; the rules have checked it has no spaces or line breaks. */
export function replyAddress(rules: readonly FieldRule[], values: Readonly<Record<string, string>>): string | null {
  const field = rules.find((rule) => rule.input_type === "email" && values[rule.name]);
  return field ? (values[field.name] ?? null) : null;
}

/** "Contact form: Femke de Wit": the field named "name", or else the first text field, on one line without control characters. */
export function subjectLine(rules: readonly FieldRule[], values: Readonly<Record<string, string>>): string {
  const field = rules.find((rule) => rule.name === "name") ?? rules.find((rule) => (rule.input_type ?? "text") === "text");
  const who = (field ? values[field.name] : undefined)
    ?.replace(/\s+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 80);
  return who ? `Contact form: ${who}` : "Contact form: a new message";
}
