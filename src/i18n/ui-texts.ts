/**
 * The site's own words that are not content (the editor does not write
 * them): the skip link, the menu button, the language switcher's name, the
 * project page's labels, what a screen reader hears of a link that opens a tab.
 * One table per locale; the type makes every locale have every text.
 */
import type { Locale } from "./locales";

const EN = {
  skipToContent: "Skip to content",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  mainNavigationLabel: "Main",
  languageSwitcherLabel: "Language",
  allWork: "All work",
  factRole: "Role",
  factClient: "Client",
  factYear: "Year",
  factStarted: "Started",
  projectTags: "Project tags",
  visitProject: "Visit the project",
  opensNewTab: "(opens in a new tab)",
  keyFacts: "Key facts",
  relatedProjects: "Related projects",
  present: "Present",
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
    allWork: "Al het werk",
    factRole: "Rol",
    factClient: "Opdrachtgever",
    factYear: "Jaar",
    factStarted: "Gestart",
    projectTags: "Projecttags",
    visitProject: "Bekijk het project",
    opensNewTab: "(opent in een nieuw tabblad)",
    keyFacts: "Kerngegevens",
    relatedProjects: "Gerelateerde projecten",
    present: "Heden",
  },
};

export function uiText(locale: Locale, key: UiTextKey): string {
  return UI_TEXTS[locale][key];
}
