/**
 * Which language's page the Visual Editor opens. Storyblok adds the language
 * the editor selected to the preview address (`_storyblok_lang=nl`, or
 * `default`); entry redirects to that language's page (`/nl/projects/x`),
 * whose getStaticProps reads the draft in it, and the bridge's `input`
 * events then carry that language's content. Only the space's own codes
 * (LANGUAGE_CODES, isLanguageCode) count: anything else opens the default language's page
 * and reads no language, and the page's address says `default`.
 */
import { isLanguageCode, localePath, splitLocalePath } from "../i18n/locale-paths";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import type { PreviewData } from "./preview-data";

/** The locale `_storyblok_lang` names, when it is one of the space's languages; the default otherwise. */
export function previewLocale(query: URLSearchParams): Locale {
  const language = query.get("_storyblok_lang");
  return isLanguageCode(language) ? language : DEFAULT_LOCALE;
}

/** The page at `path` (with or without a locale prefix) in the editor's language. */
export function previewPath(path: string, query: URLSearchParams): string {
  return localePath(previewLocale(query), splitLocalePath(path).path);
}

/**
 * The editor's parameters with `_storyblok_lang` naming the language the page opens in
 * (`default` for the default language). Entry's redirect carries the editor's parameters
 * back to the page; a value the space does not have (`de`, `../x`) goes no further
 * than entry, so the page's address never states a language it does not show.
 */
export function withOpenedLanguage(query: URLSearchParams): URLSearchParams {
  if (!query.has("_storyblok_lang")) return query;
  const locale = previewLocale(query);
  const opened = new URLSearchParams(query);
  opened.set("_storyblok_lang", locale === DEFAULT_LOCALE ? "default" : locale);
  return opened;
}

/** The preview data with its language only when it is one of the space's. */
export function withSpaceLanguage(data: PreviewData): PreviewData {
  if (data.language === undefined || isLanguageCode(data.language)) return data;
  const { language: _dropped, ...rest } = data;
  return rest;
}
