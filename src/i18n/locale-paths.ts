/**
 * Locales and the addresses and content requests that carry them: the
 * default locale's pages have no prefix (`/projects/x`), every other one's
 * are under its code (`/nl/projects/x`), as Next.js's i18n routing serves
 * them; the content API is asked for the default language without a
 * `language` parameter and for any other with its code.
 */
import { DEFAULT_LOCALE, isLocale, LANGUAGE_CODES, LOCALES, type LanguageCode, type Locale } from "./locales";

/** The locale Next.js handed a page (`context.locale`), the default when absent or unknown. */
export function pageLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Whether `value` is one of the space's languages besides the default (a `language` the content API is asked for). */
export function isLanguageCode(value: unknown): value is LanguageCode {
  return (LANGUAGE_CODES as readonly unknown[]).includes(value);
}

/** The `language` to ask the content API for a locale's content: none for the default language. */
export function contentLanguage(locale: Locale): string | undefined {
  return isLanguageCode(locale) ? locale : undefined;
}

/** A page's path (`/`, `/projects/x`, as the default locale has it) in `locale`. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** A page's path in every locale, the default first. */
export function everyLocalePath(path: string): string[] {
  return LOCALES.map((locale) => localePath(locale, path));
}

/** The locale of a path and the page's path without it: `/nl/projects/x` → nl, `/projects/x`. */
export function splitLocalePath(path: string): { locale: Locale; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(path);
  const first = match?.[1];
  if (first !== undefined && first !== DEFAULT_LOCALE && isLocale(first)) return { locale: first, path: match?.[2] ?? "/" };
  return { locale: DEFAULT_LOCALE, path };
}

/**
 * An address the site links to, in `locale`: a page of the site's own
 * without a locale prefix gets the locale's (`/projects/x` → `/nl/projects/x`,
 * `/#work` → `/nl#work`); one that has a prefix, files (`/assets/…`),
 * API routes and other sites' addresses stay as they are.
 */
export function localiseHref(href: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !href.startsWith("/") || href.startsWith("//")) return href;
  if (/^\/(assets|api|_next|fonts|islands)(\/|$)/.test(href)) return href;
  const [path = "/", rest = ""] = /^([^?#]*)(.*)$/.exec(href)?.slice(1) ?? [];
  if (splitLocalePath(path).locale !== DEFAULT_LOCALE) return href;
  return `${localePath(locale, path === "" ? "/" : path)}${rest}`;
}
