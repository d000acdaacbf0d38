import type { StoryblokAsset } from "../generated";

export interface SeoData {
  title: string;
  description?: string;
  image?: string;
  imageAlt?: string;
  /** og:type: "article" for case studies, "website" otherwise. */
  type: "website" | "article";
  /** The page's path, for og:url and the canonical link when the site URL is known. */
  path: string;
}

/**
 * The public origin, for absolute URLs in og tags (social sites ignore
 * relative ones). Unset in development and tests: tags stay relative.
 */
const SITE_URL = (process.env.NEXT_PUBLIC_SITE_URL ?? "").replace(/\/+$/, "");

export function absoluteUrl(pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) || !SITE_URL ? pathOrUrl : `${SITE_URL}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
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
