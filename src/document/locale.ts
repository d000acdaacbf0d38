import { pageLocale } from "../i18n/locale-paths";
import type { Locale } from "../i18n/locales";

/**
 * The document's language (`<html lang>`): the locale Next.js rendered the
 * page in (`__NEXT_DATA__.locale`, from its address: `/nl/…` is Dutch),
 * the default language when there is none. The site settings' own `locale`
 * field no longer decides it: one space serves every language.
 */
export function documentLanguage(renderedLocale: unknown): Locale {
  return pageLocale(renderedLocale);
}
