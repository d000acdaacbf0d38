/**
 * The site's own words that are not content (the editor does not write
 * them): the skip link, the menu button, the language switcher's name.
 * One table per locale; the type makes every locale have every text.
 */
import type { Locale } from "./locales";

const EN = {
  skipToContent: "Skip to content",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  mainNavigationLabel: "Main",
  languageSwitcherLabel: "Language",
} as const;

export type UiTextKey = keyof typeof EN;

export const UI_TEXTS: Readonly<Record<Locale, Readonly<Record<UiTextKey, string>>>> = {
  en: EN,
  nl: {
    skipToContent: "Naar de inhoud",
    openMenu: "Menu openen",
    closeMenu: "Menu sluiten",
    mainNavigationLabel: "Hoofdmenu",
    languageSwitcherLabel: "Taal",
  },
};

export function uiText(locale: Locale, key: UiTextKey): string {
  return UI_TEXTS[locale][key];
}
