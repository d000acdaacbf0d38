/**
 * What a visitor's text becomes before anything checks, stores or mails
 * it. Shared by browser and server with the rules (contact-rules.ts), so
 * "required" and the length limits judge the text that will be kept: a
 * value of nothing but control characters is empty, and a hidden
 * character does not count against a maximum.
 *
 * Removed everywhere:
 * - C0 and C1 control characters and DEL: they have no business in a
 *   message, and in a mail client or a terminal (`portfolio messages list`)
 *   some of them act (ESC starts a terminal escape sequence, BEL rings).
 * - The bidirectional controls (embeddings, overrides, isolates and the
 *   LRM, RLM and ALM marks): they make text display in another order than
 *   it was written ("Trojan Source", CVE-2021-42574), so a name could show
 *   the owner words, or an address, that are not what the mail says.
 * Lone UTF-16 surrogates (only a JSON client can send them) become U+FFFD,
 * as UTF-8 would write them anyway: what is stored is then what is mailed.
 *
 * Line breaks (CR, LF, CRLF, VT, FF, NEL, U+2028, U+2029) and tabs: a
 * single-line field (a name, an address) turns each run of them into one
 * space, so a name can never be two lines of a mail header or of the
 * owner's mail. A multi-line field keeps its breaks, each as "\n" (a browser
 * posts a textarea's breaks as CRLF but counts them as one character
 * against maxlength), and turns a tab into a space.
 *
 * Each pattern is one character class, so cleaning is linear in the text
 * (no backtracking on a 64 KB body), and no regex needs lookbehind, which
 * older Safari cannot parse (the form's code would not load at all).
 */

// C0 (U+0000–U+001F), DEL, C1 (U+0080–U+009F), except the breaks and tab below.
const CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;
// U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, LRM, RLM, ALM.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;
const BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;

function withoutControls(text: string): string {
  return text
    .replace(SURROGATES, (unit) => (unit.length === 2 ? unit : "\uFFFD"))
    .replace(CONTROLS, "")
    .replace(BIDI_CONTROLS, "");
}

/** A name, an address, a URL, a number: one line, no controls, trimmed. */
export function cleanSingleLine(text: string): string {
  return withoutControls(text).replace(BREAKS_AND_TABS, " ").trim();
}

/** A message: its lines kept (as "\n"), no other controls, trimmed. */
export function cleanMultiLine(text: string): string {
  return withoutControls(text).replace(LINE_BREAK, "\n").replace(/\t/g, " ").trim();
}
