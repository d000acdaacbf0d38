import { waitAtMost } from "../../time-limits/time-limits.mjs";
import { deliverOne } from "./delivery";
import { platformWaitUntil } from "./platform-wait-until";
import type { ContactRuntime } from "./runtime";

/**
 * Hands a message just stored to the sender, as the delivery mode says
 * (config.ts). Never throws, and never makes the visitor wait for SMTP
 * longer than one send's timeout: the message is already kept.
 * - "background": the loop is kicked and the visitor is answered at once.
 * - "request": the process may be frozen as soon as it answers, so the send
 *   goes to the platform's waitUntil, which keeps the function alive after
 *   the answer; without one, the visitor's answer waits for the send, up to
 *   CONTACT_SEND_TIMEOUT_MS. A send that fails or is cut short stays queued
 *   for GET /api/contact/deliver.
 */
export async function sendAfterStoring(runtime: ContactRuntime, id: number): Promise<void> {
  const mailer = runtime.mailer();
  if (!mailer) return;
  if (runtime.config.delivery === "background") {
    // Not awaited: the visitor waits for the database, never for SMTP.
    void runtime
      .loop()
      .then((loop) => loop?.kick())
      .catch((error: unknown) => console.error("contact: could not start the sender; the message stays queued:", error));
    return;
  }
  const sending = runtime
    .store()
    .then((store) => deliverOne(store, mailer, id, runtime.deliveryOptions))
    .then((outcome) => {
      if (outcome === "failed") console.warn("contact: a message could not be sent yet; it stays queued for /api/contact/deliver.");
    })
    .catch((error: unknown) => console.error("contact: sending a stored message failed; it stays queued for /api/contact/deliver:", error));
  const waitUntil = platformWaitUntil();
  if (waitUntil) {
    waitUntil(sending);
    return;
  }
  await waitAtMost(sending, runtime.config.sendTimeoutMs);
}
