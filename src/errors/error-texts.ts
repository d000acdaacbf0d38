/**
 * The error view's words (src/pages/_error.tsx), one table per locale: a
 * 404 under `/nl/…` is in Dutch. The English titles are the ones crawlers
 * and tools know (error-status.ts); a bot gets the status line, which is
 * the HTTP reason phrase in every language.
 */
import type { Locale } from "../i18n/locales";
import { NOT_FOUND_TITLE, SERVER_ERROR_TITLE } from "./error-status";

export interface ErrorTexts {
  notFoundTitle: string;
  /** `{path}` is the address asked for. */
  notFoundHeading: string;
  notFoundMessage: string;
  serverErrorTitle: string;
  serverErrorHeading: string;
  serverErrorMessage: string;
  /** Any other error (a 400): the page's own message under the reason phrase. */
  otherErrorMessage: string;
  backHome: string;
}

export const ERROR_TEXTS: Readonly<Record<Locale, ErrorTexts>> = {
  en: {
    notFoundTitle: NOT_FOUND_TITLE,
    notFoundHeading: "Page not found: {path}",
    notFoundMessage: "The page may have moved, or the link has a typo. The work is all reachable from the home page.",
    serverErrorTitle: SERVER_ERROR_TITLE,
    serverErrorHeading: "Something went wrong on our side",
    serverErrorMessage: "Please try again in a moment. If it keeps happening, the contact details in the footer still work.",
    otherErrorMessage: "This request could not be answered. The home page and everything on it still work.",
    backHome: "Back to the home page",
  },
  nl: {
    notFoundTitle: "Pagina niet gevonden",
    notFoundHeading: "Pagina niet gevonden: {path}",
    notFoundMessage: "De pagina is misschien verplaatst, of de link bevat een typefout. Al het werk staat op de homepage.",
    serverErrorTitle: "Serverfout",
    serverErrorHeading: "Er ging bij ons iets mis",
    serverErrorMessage: "Probeer het zo nog eens. Blijft het gebeuren, dan werken de contactgegevens onderaan de pagina nog steeds.",
    otherErrorMessage: "Dit verzoek kon niet worden beantwoord. De homepage en alles daarop werken nog steeds.",
    backHome: "Terug naar de homepage",
  },
};
