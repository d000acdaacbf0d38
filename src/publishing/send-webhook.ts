/**
 * Sends a story webhook the way Storyblok does: the JSON payload, signed with
 * the shared secret in `webhook-signature`. `portfolio webhook send` uses it
 * to play the publish loop on embedded content, or to test a deployed site.
 */
import type { StoryAction } from "./webhook-payload";
import { SIGNATURE_HEADER, signWebhookBody } from "./webhook-signature";

export const DEFAULT_WEBHOOK_URL = "http://localhost:3000/api/revalidate";
const WEBHOOK_PATH = "/api/revalidate";

export interface StoryWebhookPayload {
  text: string;
  action: StoryAction;
  space_id: number;
  story_id: number;
  full_slug?: string;
}

export function storyWebhookPayload(action: StoryAction, storyId: number, fullSlug: string | undefined, spaceId = 0): StoryWebhookPayload {
  const name = fullSlug ? ` (${fullSlug})` : "";
  return {
    text: `The Story ${storyId}${name} was ${action}.`,
    action,
    space_id: spaceId,
    story_id: storyId,
    // As from Storyblok: a deleted story's payload has no full_slug.
    ...(action !== "deleted" && fullSlug !== undefined && { full_slug: fullSlug }),
  };
}

/** A site's base URL becomes its webhook endpoint; a URL with a path is taken as the endpoint itself. */
function webhookEndpoint(url: string): URL {
  const endpoint = new URL(url);
  if (endpoint.pathname === "/" || endpoint.pathname === "") endpoint.pathname = WEBHOOK_PATH;
  return endpoint;
}

export interface WebhookResult {
  status: number;
  /** The answer's body: JSON when it is JSON, else the text. */
  body: unknown;
  /** Milliseconds from sending to the whole answer. */
  ms: number;
}

/** Posts once: a webhook is not idempotent to retry blindly, and Storyblok does not retry either. */
export async function sendStoryWebhook(url: string, payload: StoryWebhookPayload, secret: string): Promise<WebhookResult> {
  const body = JSON.stringify(payload);
  const started = performance.now();
  const response = await fetch(webhookEndpoint(url), {
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signWebhookBody(body, secret) },
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): shown as text.
  }
  return { status: response.status, body: parsed, ms: performance.now() - started };
}
