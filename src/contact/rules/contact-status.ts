import type { ContactStatus } from "../form/contact-outcome";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { CONTACT_MESSAGE_TABLES } from "./contact-messages";

/** The form's live-region text for each status in `locale`; the same words with and without JavaScript. */
export function statusText(locale: Locale): Record<ContactStatus, string> {
  const table = CONTACT_MESSAGE_TABLES[locale];
  return {
    idle: "",
    sending: table.sending,
    sent: table.sent,
    invalid: table.formInvalid,
    limited: table.limited,
    failed: table.failed,
    refused: table.refused,
  };
}

/** The default language's status texts. */
export const STATUS_TEXT: Record<ContactStatus, string> = statusText(DEFAULT_LOCALE);
