import { siteQueries } from "../access/site-content";
import type { SiteConfigStory } from "../../generated/index";
import { contentLanguage } from "../../i18n/locale-paths";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";

/**
 * The site config for error pages. An error page must render even when the
 * content source is what failed, so a failure here means "no header and
 * footer", not a second error. In the page's language (the default's when absent).
 */
export async function siteConfigOrNull(locale: Locale = DEFAULT_LOCALE): Promise<SiteConfigStory | null> {
  const language = contentLanguage(locale);
  try {
    return await siteQueries().getSiteConfig(language ? { language } : undefined);
  } catch (error) {
    console.error("Error page without site config:", error);
    return null;
  }
}
