/**
 * The site's languages, as the generator emits them from schema/languages.json
 * (src/generated/locales.ts): the routing, the switcher, SEO and the texts read
 * them from here, so a language the space adds reaches every one of them.
 */
export { DEFAULT_LOCALE, isLocale, LANGUAGE_CODES, LANGUAGE_NAMES, LOCALES, type LanguageCode, type Locale } from "../generated/locales";
