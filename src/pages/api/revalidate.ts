import type { NextApiRequest, NextApiResponse } from "next";
import { platformWaitUntil } from "../../contact/server/platform-wait-until";
import { refreshContentFor, siteQueries } from "../../content/access/site-content";
import { everyLocalePath } from "../../i18n/locale-paths";
import { builtPages } from "../../publishing/build-pages";
import { takeRegenerationFailure } from "../../publishing/regeneration-report";
import { revalidatingHere } from "../../content/access/revalidating-here";
import { runAtPriority } from "../../content/access/rate-limit/request-priority";
import { siteKnownPagesStore } from "../../publishing/site-known-pages";
import { createWebhookHandler } from "../../publishing/webhook-handler";
import { serveWebhook } from "../../publishing/webhook-route";

// The signature is over the raw bytes: Next must not parse (and re-encode) the body.
// With the parser off, Next reads nothing and sets no limits: webhook-route.ts reads the body with its own.
export const config = { api: { bodyParser: false } };

const handleWebhook = createWebhookHandler({
  secret: () => process.env.STORYBLOK_WEBHOOK_SECRET?.trim() || undefined,
  // Once per batch of webhooks: the content version's look-up, then the listing at that version.
  async listStories() {
    await refreshContentFor("on-demand");
    return siteQueries().listPublishedStories();
  },
  // In Redis with REDIS_URL (every instance plans from the same map), else this process's memory; each
  // batch's listing also tells the page gate which pages exist (a story published now is a page at once).
  store: siteKnownPagesStore(),
  // Inlined at build by next.config.ts: no file of the build is read here.
  builtPages: builtPages(),
  // A batch answered 202 goes on after the answer: on Vercel or Netlify the function must stay alive for it.
  keepAlive: (work) => platformWaitUntil()?.(work),
});

/** Storyblok's story webhook (published, unpublished, deleted, moved) → on-demand revalidation of the pages that show the story. */
export default function revalidate(req: NextApiRequest, res: NextApiResponse) {
  // Publishing goes first: the batch's listing waits behind no visitor's request (src/content/access/rate-limit).
  return runAtPriority("publish", () =>
    // A page is refreshed in every language: each locale's version is its own page to Next.js (`/nl/projects/x`).
    // The languages at once, as the batch's pages are: each waits on the content API, not on the CPU.
    serveWebhook(handleWebhook, req, res, async (page) => {
      const results = await Promise.allSettled(everyLocalePath(page).map((path) => revalidateOne(res, path, page)));
      const failed = results.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
    }),
  );
}

/**
 * One locale's version of `page`, regenerated; throws when Next.js kept the last good page, saying
 * why (and which language's version, when it is not the default's: the log names the page).
 */
async function revalidateOne(res: NextApiResponse, path: string, page: string): Promise<void> {
  const named = (message: string) => (path === page ? message : `${path}: ${message}`);
  // Marked as this process's: the render uses the version the batch has just read (revalidating-here.ts).
  const rejected = await revalidatingHere(path, () => res.revalidate(path)).then(
    () => undefined,
    (error: unknown) => error,
  );
  // Next.js keeps the last good page when getStaticProps throws, and may resolve anyway, or reject
  // with only "Invalid response 500": either way the page's own record says why.
  const failure = takeRegenerationFailure(path);
  if (failure) throw new Error(named(failure));
  if (rejected !== undefined)
    throw rejected instanceof Error
      ? rejected
      : new Error(named(`revalidation rejected with ${JSON.stringify(rejected)}`), { cause: rejected });
}
