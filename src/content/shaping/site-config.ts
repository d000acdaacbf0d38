import { getSiteConfig } from "../access/queries";
import type { SiteConfigStory } from "../../generated/index";

/**
 * The site config for error pages. An error page must render even when the
 * content source is what failed, so a failure here means "no header and
 * footer", not a second error.
 */
export async function siteConfigOrNull(): Promise<SiteConfigStory | null> {
  try {
    return await getSiteConfig();
  } catch (error) {
    console.error("Error page without site config:", error);
    return null;
  }
}
