import type { Json } from "./story-types";

/**
 * A content value as the text a filter or a sort compares: a scalar as `String` writes it,
 * an object or array as its JSON (never "[object Object]", which would make every object equal).
 */
export function jsonText(value: Json | undefined): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}
