import type { NextApiRequest, NextApiResponse } from "next";
import { listPublishedStories, refreshContentFor } from "../../content/queries";
import { processKnownPages } from "../../publishing/known-pages";
import { readLimitedBody } from "../../publishing/read-body";
import { takeRegenerationFailure } from "../../publishing/regeneration-report";
import { createWebhookHandler, MAX_WEBHOOK_BYTES } from "../../publishing/webhook-handler";
import { SIGNATURE_HEADER } from "../../publishing/webhook-signature";

// The signature is over the raw bytes: Next must not parse (and re-encode) the body.
export const config = { api: { bodyParser: false } };

const handleWebhook = createWebhookHandler({
  secret: () => process.env.STORYBLOK_WEBHOOK_SECRET?.trim() || undefined,
  async listStories() {
    await refreshContentFor("on-demand");
    return listPublishedStories();
  },
  known: processKnownPages(),
});

/** Storyblok's story webhook (published, unpublished, deleted, moved) → on-demand revalidation of the pages that show the story. */
export default async function revalidate(req: NextApiRequest, res: NextApiResponse) {
  res.setHeader("Cache-Control", "no-store");
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    return res.status(405).json({ error: "Use POST." });
  }
  const body = await readLimitedBody(req, MAX_WEBHOOK_BYTES);
  // The rest of an oversized body is not read: close the connection after answering.
  if (body === "too-large") res.setHeader("Connection", "close");
  const signature = req.headers[SIGNATURE_HEADER];
  const answer = await handleWebhook({ body, signature: Array.isArray(signature) ? signature[0] : signature }, async (path) => {
    const rejected = await res.revalidate(path).then(
      () => undefined,
      (error: unknown) => error,
    );
    // Next.js keeps the last good page when getStaticProps throws, and may resolve anyway, or reject
    // with only "Invalid response 500": either way the page's own record says why.
    const failure = takeRegenerationFailure(path);
    if (failure) throw new Error(failure);
    if (rejected !== undefined) throw rejected;
  });
  return res.status(answer.status).json(answer.body);
}
