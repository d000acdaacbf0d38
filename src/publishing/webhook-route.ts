/**
 * The webhook route on plain Node request and response objects: method,
 * body (with its size and time limits), signature header, the handler's
 * answer as JSON. src/pages/api/revalidate.ts adds only Next.js's
 * revalidation; tests drive this over real sockets.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { closeAfterAnswer, readBody, type BodyLimits } from "../http/read-body";
import { API_ROUTE_METHODS } from "../http/allowed-methods";
import { allowsMethod } from "../http/refuse-method";
import { MAX_WEBHOOK_BYTES, type Revalidate, type WebhookAnswer, type WebhookRequest } from "./webhook-handler";
import { SIGNATURE_HEADER } from "./webhook-signature";

export type WebhookHandler = (request: WebhookRequest, revalidate: Revalidate) => Promise<WebhookAnswer>;

/** The time limits of src/http/read-body.ts unless a test passes smaller ones. */
export type WebhookBodyTimes = Omit<BodyLimits, "maxBytes">;

export async function serveWebhook(
  handle: WebhookHandler,
  request: IncomingMessage,
  response: ServerResponse,
  revalidate: Revalidate,
  times: WebhookBodyTimes = {},
): Promise<void> {
  response.setHeader("Cache-Control", "no-store");
  if (!allowsMethod(request, response, API_ROUTE_METHODS["/api/revalidate"], { error: "Use POST." })) return;
  const body = await readBody(request, { ...times, maxBytes: MAX_WEBHOOK_BYTES });
  // The rest of a refused body is not read.
  if (body.kind !== "ok") closeAfterAnswer(response);
  const signature = request.headers[SIGNATURE_HEADER];
  const answer = await handle({ body, signature: Array.isArray(signature) ? signature[0] : signature }, revalidate);
  sendJson(response, answer);
}

function sendJson(response: ServerResponse, answer: WebhookAnswer): void {
  response.statusCode = answer.status;
  response.setHeader("Content-Type", "application/json; charset=utf-8");
  response.end(JSON.stringify(answer.body));
}
