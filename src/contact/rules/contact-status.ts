import type { ContactStatus } from "../form/contact-outcome";
import { FORM_INVALID_MESSAGE } from "./contact-rules";

/** The form's live-region text for each status; the same words with and without JavaScript. */
export const STATUS_TEXT: Record<ContactStatus, string> = {
  idle: "",
  sending: "Sending…",
  sent: "Thank you! Your message has been received; I usually reply within two working days.",
  invalid: FORM_INVALID_MESSAGE,
  limited: "You have sent several messages in a short time. Please wait a little before sending another.",
  failed: "Sorry, the message could not be sent. Please try again, or write to me directly.",
  /** A no-JavaScript post from another site's page: the visitor may not know they sent anything. */
  refused: "This message came from a form on another website, so it was not accepted. To write to me, please use the form on this page.",
};
