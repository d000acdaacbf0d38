/**
 * The page being rendered: its locale and its path as the default language
 * has it (`/projects/x` for `/nl/projects/x` too), for the pieces that write
 * addresses or words into it (links, the language switcher, SEO tags, UI
 * texts). _app provides it from Next.js's router; without a provider (a
 * renderer rendered on its own, in a test or an island) it is the default
 * language's home page.
 */
import { createContext, useContext } from "react";
import { splitLocalePath } from "./locale-paths";
import { DEFAULT_LOCALE, type Locale } from "./locales";

export interface PageAddress {
  locale: Locale;
  /** The page's path without its locale prefix, query or fragment. */
  path: string;
}

export const PageAddressContext = createContext<PageAddress>({ locale: DEFAULT_LOCALE, path: "/" });

export function usePageLocale(): Locale {
  return useContext(PageAddressContext).locale;
}

export function usePageAddress(): PageAddress {
  return useContext(PageAddressContext);
}

/**
 * The address Next.js's router names (`router.asPath` is without the locale
 * prefix, `router.locale` is the locale) as a PageAddress; the query and
 * fragment are dropped: the other language's version of a page is the page.
 */
export function pageAddressOf(locale: Locale, asPath: string): PageAddress {
  const path = asPath.split(/[?#]/, 1)[0] || "/";
  // Next.js leaves the prefix out of asPath; should a version ever keep it, the page is still the page.
  return { locale, path: splitLocalePath(path.startsWith("/") ? path : `/${path}`).path };
}
