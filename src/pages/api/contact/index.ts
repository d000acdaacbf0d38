import type { NextApiRequest, NextApiResponse } from "next";
import { acceptContact } from "../../../contact/server/accept";
import { MAX_BODY_BYTES } from "../../../contact/server/read-body";
import { closeAfterAnswer } from "../../../http/read-body";
import type { FieldErrors } from "../../../contact/rules/contact-rules";
import { API_ROUTE_METHODS } from "../../../http/allowed-methods";
import { allowsMethod } from "../../../http/refuse-method";

type ContactResponse = { ok: true } | { ok: false; errors: FieldErrors } | { ok: false; error: string };

// The body is read here, as JSON or form-encoded, with its own byte limit.
export const config = { api: { bodyParser: false } };

/**
 * Receives the contact form from the script (JSON) or any client
 * (form-encoded). The rules are the content's own text_input blocks,
 * checked with the same module the browser uses, so the browser's checks
 * are a convenience and this one is the guarantee.
 */
export default async function contact(request: NextApiRequest, response: NextApiResponse<ContactResponse>) {
  if (!allowsMethod(request, response, API_ROUTE_METHODS["/api/contact"], { ok: false, error: "Use POST." })) return;
  const outcome = await acceptContact(request);
  switch (outcome.kind) {
    case "accepted":
    case "ignored":
      return response.status(200).json({ ok: true });
    case "cross-site":
      // Its body is discarded unread, as a refused body is: no keep-alive that would read it to its end.
      closeAfterAnswer(response);
      return response
        .status(403)
        .json({ ok: false, error: "Posts from other sites are refused: send the form from this site's own pages." });
    case "invalid":
      return response.status(422).json({ ok: false, errors: outcome.errors });
    case "limited":
      response.setHeader("Retry-After", String(outcome.retryAfterSeconds));
      return response
        .status(429)
        .json({ ok: false, error: `Too many messages from this address; try again in ${outcome.retryAfterSeconds} seconds.` });
    case "too-large":
      closeAfterAnswer(response);
      return response.status(413).json({ ok: false, error: `The message is larger than ${MAX_BODY_BYTES} bytes.` });
    case "timed-out":
      closeAfterAnswer(response);
      return response.status(408).json({ ok: false, error: "The message took too long to arrive; please send it again." });
    case "unsupported":
      closeAfterAnswer(response);
      return response.status(415).json({ ok: false, error: "Send the fields as application/json or application/x-www-form-urlencoded." });
    case "malformed":
      return response.status(400).json({ ok: false, error: "Send the form fields as a JSON object." });
    case "unavailable":
      return response.status(503).json({ ok: false, error: "The contact form is not available." });
    case "store-unreachable":
      response.setHeader("Retry-After", String(outcome.retryAfterSeconds));
      return response.status(503).json({
        ok: false,
        error: `Messages cannot be received for a moment; nothing was sent. Please try again in ${outcome.retryAfterSeconds} seconds.`,
      });
    case "store-failed":
      return response.status(500).json({ ok: false, error: "The message could not be stored; nothing was sent. Please try again." });
  }
}
