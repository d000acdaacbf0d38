import type { ContactStatus } from "./contact-outcome";
import { FORM_INVALID_MESSAGE } from "./contact-rules";

/** The form's live-region text for each status; the same words with and without JavaScript. */
export const STATUS_TEXT: Record<ContactStatus, string> = {
  idle: "",
  sending: "Sending…",
  sent: "Thank you! Your message has been received; I usually reply within two working days.",
  invalid: FORM_INVALID_MESSAGE,
  limited: "You have sent several messages in a short time. Please wait a little before sending another.",
  failed: "Sorry, the message could not be sent. Please try again, or write to me directly.",
};
