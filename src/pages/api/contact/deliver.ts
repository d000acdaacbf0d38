import type { NextApiRequest, NextApiResponse } from "next";
import { bearerMatches, drainQueue } from "../../../contact/server/drain";
import { contactRuntime } from "../../../contact/server/runtime";
import { STORE_RETRY_AFTER_SECONDS } from "../../../contact/server/store/unreachable";
import { API_ROUTE_METHODS } from "../../../http/allowed-methods";
import { allowsMethod } from "../../../http/refuse-method";

type DrainResponse = { ok: true; delivered: number; failed: number; queued: number } | { ok: false; error: string };

let warnedNoSecret = false;

/**
 * The scheduled drain: sends what the contact form has queued (failed
 * sends waiting for a retry, messages whose sender was frozen or killed).
 * Called by a platform's cron (Vercel Cron sends GET with
 * `Authorization: Bearer $CRON_SECRET`; docs/deploy.md#contact-messages shows Netlify's scheduled
 * function), or by any scheduler with the same header. Anything else is
 * refused before the store or SMTP is touched.
 */
export default async function deliver(request: NextApiRequest, response: NextApiResponse<DrainResponse>) {
  response.setHeader("Cache-Control", "private, no-store");
  const use = { ok: false, error: "Use GET (as a scheduler does) or POST." };
  if (!allowsMethod(request, response, API_ROUTE_METHODS["/api/contact/deliver"], use)) return;
  const runtime = contactRuntime();
  const secret = runtime.config.cronSecret;
  if (!secret && !warnedNoSecret) {
    warnedNoSecret = true;
    const retries = runtime.config.delivery === "background" ? "the server's own retries" : "`portfolio messages retry`";
    console.warn(`contact: CRON_SECRET is not set, so /api/contact/deliver refuses every call; queued messages wait for ${retries}.`);
  }
  if (!bearerMatches(request.headers.authorization, secret)) {
    response.setHeader("WWW-Authenticate", 'Bearer realm="contact-deliver"');
    return response.status(401).json({ ok: false, error: "Send Authorization: Bearer <CRON_SECRET>." });
  }
  const outcome = await drainQueue(runtime);
  switch (outcome.kind) {
    case "done":
      if (outcome.report.failed > 0)
        console.warn(`contact: the scheduled drain sent ${outcome.report.delivered}, ${outcome.report.failed} failed and stay queued.`);
      return response.status(200).json({ ok: true, ...outcome.report, queued: outcome.queued });
    case "no-smtp":
      return response.status(503).json({ ok: false, error: "SMTP_URL is not set: there is no server to deliver to." });
    case "store-unreachable":
      console.warn(`contact: the scheduled drain could not reach the message store: ${outcome.error}`);
      response.setHeader("Retry-After", String(STORE_RETRY_AFTER_SECONDS));
      return response.status(503).json({ ok: false, error: "The message store cannot be reached; nothing was sent." });
    case "store-failed":
      console.error(`contact: the scheduled drain failed: ${outcome.error}`);
      return response.status(500).json({ ok: false, error: "The message store failed; nothing was sent." });
  }
}
