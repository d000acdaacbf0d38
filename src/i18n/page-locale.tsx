/**
 * The locale of the page being rendered, for the pieces that write
 * addresses or words into it (links, the switcher, SEO tags, UI texts).
 * _app provides it from Next.js's router; without a provider (a renderer
 * rendered on its own, in a test or an island) it is the default language.
 */
import { createContext, useContext } from "react";
import { DEFAULT_LOCALE, type Locale } from "./locales";

export const PageLocale = createContext<Locale>(DEFAULT_LOCALE);

export function usePageLocale(): Locale {
  return useContext(PageLocale);
}
