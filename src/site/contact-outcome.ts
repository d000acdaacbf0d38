import { createContext, useContext } from "react";
import { FORM_INVALID_MESSAGE, type FieldErrors } from "./contact-rules";

/** Where the contact form stands, as the visitor sees it. */
export type ContactStatus = "idle" | "sending" | "sent" | "invalid" | "limited" | "failed";

/** The form's live-region text for each status; the same words with and without JavaScript. */
export const STATUS_TEXT: Record<ContactStatus, string> = {
  idle: "",
  sending: "Sending…",
  sent: "Thank you! Your message has been received; I usually reply within two working days.",
  invalid: FORM_INVALID_MESSAGE,
  limited: "You have sent several messages in a short time. Please wait a little before sending another.",
  failed: "Sorry, the message could not be sent. Please try again, or write to me directly.",
};

/**
 * The answer to a no-JavaScript post, rendered by the /contact page: the
 * form shows it as if the browser had checked the fields itself, with what
 * the visitor typed still in place.
 */
export interface ContactOutcome {
  status: ContactStatus;
  values: Record<string, string>;
  errors: FieldErrors;
}

export const ContactOutcomeContext = createContext<ContactOutcome | null>(null);

export function useContactOutcome(): ContactOutcome | null {
  return useContext(ContactOutcomeContext);
}
