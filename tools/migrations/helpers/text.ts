/** Split one text field in two, or join several into one. */

/** `text` cut at the first `separator`: `[before, after]`, or `[text, ""]` when it has none (trimmed either way). */
export function splitText(text: string | undefined, separator: string): [string, string] {
  const value = text ?? "";
  const at = value.indexOf(separator);
  if (at < 0) return [value.trim(), ""];
  return [value.slice(0, at).trim(), value.slice(at + separator.length).trim()];
}

/** The non-empty parts, trimmed, joined with `separator`. */
export function joinText(parts: readonly (string | undefined | null)[], separator = " "): string {
  return parts
    .map((part) => (part ?? "").trim())
    .filter((part) => part !== "")
    .join(separator);
}
