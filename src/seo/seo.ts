import type { StoryblokAsset } from "../generated/index";
import { SITE_URL } from "./site-url";

export interface SeoData {
  title: string;
  description?: string;
  image?: string;
  imageAlt?: string;
  /** og:type: "article" for case studies, "website" otherwise. */
  type: "website" | "article";
  /** The page's path, for og:url and the canonical link when the site URL is known. */
  path: string;
  /** The editor's "Hide from search engines". */
  noindex?: boolean;
}

/**
 * An absolute URL on the site's public origin (social sites ignore relative
 * ones). Without NEXT_PUBLIC_SITE_URL (development, a warned build) it stays
 * relative; URLs that are already absolute (Storyblok's assets) pass as they are.
 */
export function absoluteUrl(pathOrUrl: string, origin: string = SITE_URL): string {
  return /^https?:\/\//i.test(pathOrUrl) || !origin ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** "Atlas · Elena Varga", unless the editor's title already names the site. */
export function pageTitle(title: string, siteName: string | undefined): string {
  if (!siteName || title.includes(siteName)) return title;
  return `${title} · ${siteName}`;
}

/** The first asset that has a file: the page's own image, then the site default. */
export function firstImage(...assets: (StoryblokAsset | undefined)[]): StoryblokAsset | undefined {
  return assets.find((asset) => asset?.filename);
}
