/**
 * Answers as Storyblok's Management API sends them: JSON, resources wrapped
 * in their name (`{ component: {...} }`), validation failures as Rails
 * error hashes (`{"name":["has already been taken"]}`, the body Storyblok
 * sent in storyblok/monoblok#154), and `total` / `per-page` on paged lists.
 */
import { STATUS_CODES } from "node:http";

/** Management answers are per user and change with every write: nothing may cache them. */
const NO_STORE = "no-store";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: STATUS_CODES[status] ?? "",
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": NO_STORE, ...headers },
  });
}

export const ok = (body: unknown, headers?: Record<string, string>) => json(200, body, headers);
export const created = (body: unknown) => json(201, body);

/** Storyblok answers deletes of some resources with an empty 204 (the client's `ApiResponse<void>`). */
export function noContent(): Response {
  return new Response(null, { status: 204, statusText: STATUS_CODES[204] ?? "", headers: { "cache-control": NO_STORE } });
}

export function unauthorized(): Response {
  return json(401, { error: "Unauthorized" });
}

/** The CDN's recorded 404 body; Storyblok's Rails apps share it. */
export function notFound(): Response {
  return json(404, ["This record could not be found"]);
}

/** A Rails validation failure: each field with its messages. */
export function unprocessable(errors: Record<string, string[]>): Response {
  return json(422, errors);
}

/** Storyblok's answer to a body that is not JSON ("The wrong format was sent"). */
export function badRequest(message: string): Response {
  return json(400, { error: message });
}

export function tooManyRequests(): Response {
  return json(429, { error: "Too Many Requests" });
}

export function methodNotAllowed(): Response {
  return json(405, { error: "Method Not Allowed" });
}
