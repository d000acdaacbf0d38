/**
 * Every word the contact form says that is not content, one table per
 * locale, shared by the browser (instant checks, send states) and the
 * server (its checks, the /contact page's answer): the same message on
 * every path, in the language the form was posted from.
 *
 * Values in a message are `{label}`, `{min}`, `{max}` placeholders, filled
 * by contactMessages(); every locale's message has the same ones as the
 * English (tests/unit/contact/contact-messages.test.ts). docs/contact-form.md
 * lists both tables.
 */
import type { Locale } from "../../i18n/locales";

export interface ContactMessageTable {
  /** The form's live region when any field is invalid. */
  formInvalid: string;
  required: string;
  email: string;
  url: string;
  number: string;
  tooShort: string;
  tooLong: string;
  belowMin: string;
  aboveMax: string;
  sending: string;
  sent: string;
  limited: string;
  failed: string;
  /** A no-JavaScript post from another site's page: the visitor may not know they sent anything. */
  refused: string;
  /** The /contact page without a post to answer. */
  noPost: string;
  /** The honeypot's label (never seen; read only by what fills every field). */
  honeypot: string;
  /** The /contact page's heading and title, before and after a message is received. */
  contactHeading: string;
  receivedHeading: string;
}

export const CONTACT_MESSAGE_TABLES: Readonly<Record<Locale, ContactMessageTable>> = {
  en: {
    formInvalid: "Sorry, not all fields are filled out correctly.",
    required: "{label} is required.",
    email: "Please enter a valid email address.",
    url: "Please enter a valid URL.",
    number: "Please enter a number.",
    tooShort: "Please enter at least {min} characters.",
    tooLong: "Please enter no more than {max} characters.",
    belowMin: "Please enter a number no smaller than {min}.",
    aboveMax: "Please enter a number no greater than {max}.",
    sending: "Sending…",
    sent: "Thank you! Your message has been received; I usually reply within two working days.",
    limited: "You have sent several messages in a short time. Please wait a little before sending another.",
    failed: "Sorry, the message could not be sent. Please try again, or write to me directly.",
    refused: "This message came from a form on another website, so it was not accepted. To write to me, please use the form on this page.",
    noPost: "The contact form is at the foot of this page.",
    honeypot: "Leave this field empty",
    contactHeading: "Contact",
    receivedHeading: "Message received",
  },
  nl: {
    formInvalid: "Sorry, niet alle velden zijn goed ingevuld.",
    required: "{label} is verplicht.",
    email: "Vul een geldig e-mailadres in.",
    url: "Vul een geldige URL in.",
    number: "Vul een getal in.",
    tooShort: "Vul minstens {min} tekens in.",
    tooLong: "Vul niet meer dan {max} tekens in.",
    belowMin: "Vul een getal in van minstens {min}.",
    aboveMax: "Vul een getal in van hoogstens {max}.",
    sending: "Bezig met versturen…",
    sent: "Dank je wel! Je bericht is ontvangen; ik antwoord meestal binnen twee werkdagen.",
    limited: "Je hebt in korte tijd meerdere berichten gestuurd. Wacht even voordat je er nog een stuurt.",
    failed: "Sorry, het bericht kon niet worden verstuurd. Probeer het opnieuw, of schrijf me rechtstreeks.",
    refused:
      "Dit bericht kwam van een formulier op een andere website en is daarom niet aangenomen. Gebruik het formulier op deze pagina om me te schrijven.",
    noPost: "Het contactformulier staat onderaan deze pagina.",
    honeypot: "Laat dit veld leeg",
    contactHeading: "Contact",
    receivedHeading: "Bericht ontvangen",
  },
};

function fill(message: string, values: Readonly<Record<string, string | number>>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** A locale's field messages, with their values filled in. */
export function contactMessages(locale: Locale) {
  const table = CONTACT_MESSAGE_TABLES[locale];
  return {
    required: (label: string) => fill(table.required, { label }),
    email: table.email,
    url: table.url,
    number: table.number,
    tooShort: (min: number) => fill(table.tooShort, { min }),
    tooLong: (max: number) => fill(table.tooLong, { max }),
    belowMin: (min: number) => fill(table.belowMin, { min }),
    aboveMax: (max: number) => fill(table.aboveMax, { max }),
  };
}
