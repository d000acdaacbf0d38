/**
 * A page's addresses in every language, as search engines read them
 * (`<link rel="alternate" hreflang>` in the head, `xhtml:link` in the
 * sitemap): one per locale, and `x-default`, the default language's, for
 * visitors whose language the site does not have. Each version lists every
 * version, itself included, as Google asks.
 */
import { localePath, splitLocalePath } from "../i18n/locale-paths";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../i18n/locales";
import { absoluteUrl } from "./seo";

export interface LanguageAlternate {
  /** A locale, or `x-default`. */
  hrefLang: Locale | "x-default";
  href: string;
}

/** The alternates of the page at `path` (in any locale: `/nl/projects/x` and `/projects/x` are one page). */
export function languageAlternates(path: string, origin?: string): LanguageAlternate[] {
  const page = splitLocalePath(path).path;
  return [
    ...LOCALES.map((locale) => ({ hrefLang: locale, href: absoluteUrl(localePath(locale, page), origin) })),
    { hrefLang: "x-default" as const, href: absoluteUrl(localePath(DEFAULT_LOCALE, page), origin) },
  ];
}

/** The page at `path` in `locale` (its canonical address in that language). */
export function pathInLocale(path: string, locale: Locale): string {
  return localePath(locale, splitLocalePath(path).path);
}
