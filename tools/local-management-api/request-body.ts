/**
 * The JSON body of a write. Storyblok takes JSON objects only; anything
 * else is "the wrong format" (400). No body at all is an empty object, as
 * for `POST /assets`, whose client sends its fields in the query.
 */
export type BodyResult = { body: Record<string, unknown> } | { problem: string };

export async function readJsonBody(request: Request): Promise<BodyResult> {
  const text = await request.text();
  if (text.trim() === "") return { body: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: "The request body is not valid JSON" };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { problem: "The request body must be a JSON object" };
  return { body: parsed as Record<string, unknown> };
}

/** The object under `key` (`{ component: {...} }`), or undefined when it is missing or not an object. */
export function wrapped(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const value = body[key];
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Storyblok's answer to a write without its wrapper object (storyblok-js-client#322). */
export function missingParam(key: string): Record<string, string[]> {
  return { [key]: [`param is missing or the value is empty: ${key}`] };
}
