/**
 * Tolerant readers for raw Storyblok JSON. The Management API and the
 * `storyblok` CLI are inconsistent about scalar types (`"maximum": "3"`,
 * `"required": "true"`, tag ids as numbers or strings), so every value is read
 * through one of these instead of trusting its JSON type.
 */

export type RawObject = Record<string, unknown>;

export function isObject(value: unknown): value is RawObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function readBoolean(value: unknown): boolean {
  return value === true || value === "true" || value === 1;
}

export function readString(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A non-empty trimmed string, or undefined. */
export function readText(value: unknown): string | undefined {
  const text = readString(value)?.trim();
  return text ? text : undefined;
}

/**
 * A list of strings from an array, a single string, or nothing.
 * `filter_content_type` is saved both as `"article"` and `["article"]`.
 */
export function readStringList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const strings: string[] = [];
  for (const item of items) {
    const text = readText(item);
    if (text !== undefined && !strings.includes(text)) strings.push(text);
  }
  return strings;
}

/** A non-negative whole number from `3` or `"3"`; undefined for `""`, absent or nonsense. */
export function readCount(value: unknown): number | undefined {
  const text = readText(value);
  const number = text === undefined ? NaN : Number(text);
  return Number.isInteger(number) && number >= 0 ? number : undefined;
}
