/**
 * When two Storyblok values are the same setting. The space fills in what a
 * request left out (`null`, `""`, `false`, `[]`, `{}`) and gives back keys in
 * its own order, so a value absent on one side and empty on the other is no
 * change, and neither is key order. Anything else, a `"70"` against a `70`
 * included, is a change: pushing then writes what schema/ says.
 */

/** A JSON object as the Management API gives one: keys to values of any shape. */
export type RawObject = Record<string, unknown>;

export function isObject(value: unknown): value is RawObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What Storyblok stores for a setting nobody set: a new space's value for it. */
export function isUnset(value: unknown): boolean {
  if (value === undefined || value === null || value === "" || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (isUnset(a) && isUnset(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return a === b;
}

/** The keys whose values differ, in the local object's order and then the space's. */
export function changedKeys(local: RawObject, space: RawObject): string[] {
  const keys = new Set([...Object.keys(local), ...Object.keys(space)]);
  return [...keys].filter((key) => !sameValue(local[key], space[key]));
}

/** A value as the plan prints it: JSON, cut short so one line stays one line. */
export function showValue(value: unknown): string {
  if (value === undefined) return "(unset)";
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
