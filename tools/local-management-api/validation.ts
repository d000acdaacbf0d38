/**
 * Rails-style validation messages, as the Management API sends them in a
 * 422 body (`{"name":["can't be blank"]}`).
 */
export type FieldErrors = Record<string, string[]>;

export const BLANK = "can't be blank";
export const TAKEN = "has already been taken";

export function isBlank(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

/** The fields of `input` that must be non-blank strings and are not. */
export function requireStrings(input: Record<string, unknown>, fields: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) if (isBlank(input[field])) errors[field] = [BLANK];
  return errors;
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** A numeric id from a path or body value (`"12"` or `12`), else undefined. */
export function idOf(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

/** `input` without the keys the server owns, so a body cannot set ids or timestamps. */
export function writable(input: Record<string, unknown>, readOnly: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([key]) => !readOnly.includes(key)));
}
