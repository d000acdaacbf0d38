import type { TextInputBlok } from "../../generated/index";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { CONTACT_MESSAGE_TABLES, contactMessages } from "./contact-messages";
import { cleanMultiLine, cleanSingleLine } from "./contact-text";

/**
 * The contact form's rules, one implementation for the browser (instant
 * feedback) and for POST /api/contact and the no-JavaScript /contact page
 * (the browser can be bypassed). The rules themselves are content: each
 * text_input blok says what it accepts; the messages are fixed here so every
 * path says the same thing in the same voice.
 */
export type FieldRule = Pick<TextInputBlok, "name" | "label" | "input_type" | "required" | "min_length" | "max_length" | "min" | "max">;

export type FieldErrors = Record<string, string>;

export type ValidationResult = { ok: true; values: Record<string, string> } | { ok: false; errors: FieldErrors };

/** Shown for the whole form, in its live region, when any field is invalid (the default language's; contact-messages.ts has each). */
export const FORM_INVALID_MESSAGE = CONTACT_MESSAGE_TABLES[DEFAULT_LOCALE].formInvalid;

/** The default language's field messages (contactMessages(locale) gives any locale's). */
export const MESSAGES = contactMessages(DEFAULT_LOCALE);

/** What a ticked checkbox sends and stores; an unticked one is "no". */
export const CHECKED = "yes";
const UNCHECKED = "no";

// Deliberately simple: one "@", something on each side, a dot in the domain.
// Full RFC 5322 parsing rejects nothing a person types by mistake that this
// misses. The address becomes the mail's Reply-To, so no whitespace (no
// header injection) and none of , ; < > " ( ) (no second address smuggled in).
const EMAIL = /^[^\s@,;<>"()]+@[^\s@,;<>"()]+\.[^\s@,;<>"()]+$/;
// Plain decimal notation only: Number() alone would also take "0x1f" and "Infinity".
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Storyblok number fields arrive as strings; empty or unparsable means "no limit". */
function limit(value: string | undefined): number | null {
  if (value === undefined || !DECIMAL.test(value.trim())) return null;
  return Number(value);
}

function lengthLimit(value: string | undefined): number | null {
  const parsed = limit(value);
  return parsed !== null && parsed >= 0 ? Math.floor(parsed) : null;
}

/**
 * One field's submitted value as text, cleaned (contact-text.ts) before
 * any rule sees it: a multi-line text keeps its lines as "\n", every other
 * field is made one line; control and bidi characters are gone and the ends
 * trimmed. A checkbox is CHECKED or UNCHECKED. JSON clients may send
 * booleans and numbers; anything else (objects, arrays) counts as empty.
 */
export function normaliseValue(rule: Pick<FieldRule, "input_type">, raw: unknown): string {
  if (rule.input_type === "checkbox") {
    const ticked = raw === true || (typeof raw === "string" && raw !== "" && raw !== "false" && raw !== UNCHECKED);
    return ticked ? CHECKED : UNCHECKED;
  }
  if (typeof raw === "number" && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== "string") return "";
  return rule.input_type === "textarea" ? cleanMultiLine(raw) : cleanSingleLine(raw);
}

/** Whether a cleaned value may be a mail's Reply-To (the EMAIL pattern above says what that excludes). */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * The message for one field's normalised value, or null when it is
 * acceptable. Lengths are counted on that cleaned value (UTF-16 units, as
 * the browser's maxlength counts them). The message is in `locale`, the
 * language of the page the form is on.
 */
export function validateField(rule: FieldRule, value: string, locale: Locale = DEFAULT_LOCALE): string | null {
  const MESSAGES = contactMessages(locale);
  if (rule.input_type === "checkbox") {
    return rule.required && value !== CHECKED ? MESSAGES.required(rule.label) : null;
  }
  // The required message names the field, so a screen-reader user hearing it
  // out of context knows which field it is about.
  if (value === "") return rule.required ? MESSAGES.required(rule.label) : null;

  if (rule.input_type === "number") {
    if (!DECIMAL.test(value)) return MESSAGES.number;
    const number = Number(value);
    const min = limit(rule.min);
    const max = limit(rule.max);
    if (min !== null && number < min) return MESSAGES.belowMin(min);
    if (max !== null && number > max) return MESSAGES.aboveMax(max);
    return null;
  }

  const min = lengthLimit(rule.min_length);
  const max = lengthLimit(rule.max_length);
  if (min !== null && value.length < min) return MESSAGES.tooShort(min);
  if (max !== null && value.length > max) return MESSAGES.tooLong(max);
  if (rule.input_type === "email" && !isEmailAddress(value)) return MESSAGES.email;
  if (rule.input_type === "url" && !isUrl(value)) return MESSAGES.url;
  return null;
}

/** Checks every field; keys in `input` that are not fields are dropped, not echoed back. */
export function validateSubmission(
  rules: readonly FieldRule[],
  input: Readonly<Record<string, unknown>>,
  locale: Locale = DEFAULT_LOCALE,
): ValidationResult {
  const errors: FieldErrors = {};
  const values: Record<string, string> = {};
  for (const rule of rules) {
    const value = normaliseValue(rule, Object.hasOwn(input, rule.name) ? input[rule.name] : undefined);
    const error = validateField(rule, value, locale);
    if (error) errors[rule.name] = error;
    else values[rule.name] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}
