/**
 * The site's languages. Stand-in for the names the generator emits into
 * src/generated from schema/languages.json (`LOCALES`, `Locale`,
 * `DEFAULT_LOCALE`, `LANGUAGE_CODES`, `LANGUAGE_NAMES`), with the same
 * values for this space: once the generator has them, this file re-exports
 * them. Every other file imports languages from here only.
 */

/** Every locale of the site, the default first. */
export const LOCALES = ["en", "nl"] as const;

export type Locale = (typeof LOCALES)[number];

/** The space's default language: its pages have no prefix, and Storyblok is asked for it without `language`. */
export const DEFAULT_LOCALE = "en" satisfies Locale;

/** The space's language codes besides the default, as Storyblok's `language` parameter takes them. */
export const LANGUAGE_CODES = ["nl"] as const satisfies readonly Locale[];

/** Each locale's name in its own language (the switcher's labels). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: "English", nl: "Nederlands" };
