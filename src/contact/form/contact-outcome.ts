import { createContext, useContext } from "react";
import type { FieldErrors } from "../rules/contact-rules";

/** Where the contact form stands, as the visitor sees it (the words: contact-status.ts). */
export type ContactStatus = "idle" | "sending" | "sent" | "invalid" | "limited" | "failed" | "refused";

/**
 * The answer to a no-JavaScript post, rendered by the /contact page: the
 * form shows it as if the browser had checked the fields itself, with what
 * the visitor typed still in place.
 *
 * Kept apart from the status texts and the rules: the form's island
 * (src/contact/form/ContactForm.tsx), in every page's first scripts, reads this
 * context; the texts and rules load with the form's own code.
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
