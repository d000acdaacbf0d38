/**
 * Netlify scheduled function: once an hour, asks the site to send what the
 * contact form has queued (GET /api/contact/deliver, which sends due
 * messages and answers how many were sent, failed and are still queued).
 * It sends the same `Authorization: Bearer <CRON_SECRET>` Vercel Cron sends,
 * so set CRON_SECRET in the site's environment variables with the Functions
 * scope. Netlify runs scheduled functions on the published deploy only.
 *
 * No dependency: Netlify reads `config.schedule` from the source, and the
 * handler is a plain Request → Response function (docs/deploy.md#contact-messages).
 */

/** The part of Netlify's context this uses: the published site's main URL. */
interface ScheduledContext {
  site?: { url?: string };
}

/** A scheduled function may run for 30 s; give up on the answer just before, the drain itself goes on. */
const ANSWER_TIMEOUT_MS = 28_000;

export default async function contactDeliver(_request: Request, context: ScheduledContext): Promise<Response> {
  const secret = process.env.CRON_SECRET?.trim();
  const site = context.site?.url ?? process.env.URL;
  if (!secret || !site) {
    console.error("contact-deliver: set CRON_SECRET (Functions scope); the site's URL must be known. Nothing was asked.");
    return new Response(null, { status: 500 });
  }
  try {
    const answer = await fetch(new URL("/api/contact/deliver", site), {
      headers: { authorization: `Bearer ${secret}` },
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    const body = await answer.text();
    // The answer names counts only, never a message or an address: safe to log.
    (answer.ok ? console.log : console.error)(`contact-deliver: ${answer.status} ${body}`);
    return new Response(null, { status: answer.ok ? 204 : 502 });
  } catch (error) {
    console.error(`contact-deliver: no answer from ${site}: ${error instanceof Error ? error.message : String(error)}`);
    return new Response(null, { status: 502 });
  }
}

export const config = { schedule: "@hourly" };
