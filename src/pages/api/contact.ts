import type { NextApiRequest, NextApiResponse } from "next";
import { validateSubmission } from "../../site/contact-rules";
import { siteConfigOrNull } from "../../site/site-config";

type ContactResponse = { ok: true } | { ok: false; errors: Record<string, string> } | { ok: false; error: string };

/**
 * Receives the footer's contact form. The rules are the content's own
 * text_input blocks, checked with the same module the browser uses, so the
 * browser's checks are a convenience and this one is the guarantee.
 */
export default async function contact(request: NextApiRequest, response: NextApiResponse<ContactResponse>) {
  if (request.method !== "POST") {
    response.setHeader("Allow", "POST");
    return response.status(405).json({ ok: false, error: "Use POST." });
  }
  const body: unknown = request.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return response.status(400).json({ ok: false, error: "Send the form fields as a JSON object." });
  }
  const site = await siteConfigOrNull();
  const fields = site?.content.footer?.[0]?.contact_fields ?? [];
  if (fields.length === 0) {
    return response.status(503).json({ ok: false, error: "The contact form is not available." });
  }
  const result = validateSubmission(fields, Object.fromEntries(Object.entries(body)));
  if (!result.ok) return response.status(422).json({ ok: false, errors: result.errors });
  // Delivery (mail, CRM) is a deployment concern, not this handler's.
  // Only the fact is logged: the message and address are personal data.
  console.info(`contact: message accepted (${Object.keys(result.values).length} fields)`);
  return response.status(200).json({ ok: true });
}
