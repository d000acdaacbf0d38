import type { TextInputBlok } from "../generated";

/**
 * The contact form's rules, one implementation for the browser (instant
 * feedback) and for POST /api/contact (the browser can be bypassed). The
 * rules themselves are content: each text_input blok says what it accepts.
 */
export type FieldRule = Pick<
  TextInputBlok,
  "name" | "label" | "input_type" | "required" | "min_length" | "max_length" | "error_message"
>;

export type FieldErrors = Record<string, string>;

export type ValidationResult =
  | { ok: true; values: Record<string, string> }
  | { ok: false; errors: FieldErrors };

// Deliberately simple: one "@", something on each side, a dot in the domain.
// Full RFC 5322 parsing rejects nothing a person types by mistake that this misses.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Digits with the separators people write: +44 (0)20 7946-0000.
const PHONE = /^\+?[\d\s().-]{6,20}$/;

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Storyblok number fields arrive as strings; empty or unparsable means "no limit". */
function limit(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? Math.floor(parsed) : null;
}

/** The message for one field's value, or null when it is acceptable. */
export function validateField(rule: FieldRule, rawValue: string): string | null {
  const value = rawValue.trim();
  // The editor's message wins; the defaults name the field so a screen-reader
  // user hearing the error out of context knows which field it is about.
  const fail = (fallback: string) => rule.error_message?.trim() || fallback;

  if (value === "") return rule.required ? fail(`${rule.label} is required.`) : null;

  const min = limit(rule.min_length);
  const max = limit(rule.max_length);
  if (min !== null && value.length < min) return fail(`${rule.label} needs at least ${min} characters.`);
  if (max !== null && value.length > max) return fail(`${rule.label} allows at most ${max} characters.`);

  switch (rule.input_type) {
    case "email":
      return EMAIL.test(value) ? null : fail(`${rule.label} must be an email address.`);
    case "url":
      return isUrl(value) ? null : fail(`${rule.label} must be a web address starting with http(s)://.`);
    case "tel":
      return PHONE.test(value) ? null : fail(`${rule.label} must be a phone number.`);
    default:
      return null;
  }
}

/** Checks every field; unknown keys in `input` are dropped, not echoed back. */
export function validateSubmission(rules: readonly FieldRule[], input: Readonly<Record<string, unknown>>): ValidationResult {
  const errors: FieldErrors = {};
  const values: Record<string, string> = {};
  for (const rule of rules) {
    const raw = input[rule.name];
    const value = typeof raw === "string" ? raw : "";
    const error = validateField(rule, value);
    if (error) errors[rule.name] = error;
    else values[rule.name] = value.trim();
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}
