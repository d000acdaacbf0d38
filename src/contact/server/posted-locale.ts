/**
 * The language a contact post is answered in: the form's own field
 * (LOCALE_FIELD) when it names one of the site's locales, else the locale of
 * the page the Referer names (`/nl/…`), else the default. Nothing else a
 * request carries (Accept-Language, cookies) decides it, and a value that
 * is not a locale of the site is never used.
 */
import { splitLocalePath } from "../../i18n/locale-paths";
import { isLocale } from "../../i18n/locales";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";

export function postedLocale(field: unknown, referer: string | undefined): Locale {
  if (isLocale(field)) return field;
  if (referer) {
    try {
      return splitLocalePath(new URL(referer).pathname).locale;
    } catch {
      // Not a URL: the default language.
    }
  }
  return DEFAULT_LOCALE;
}
