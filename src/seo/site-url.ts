/**
 * The site's public origin (NEXT_PUBLIC_SITE_URL, e.g. https://elenavarga.design),
 * for canonical links, absolute Open Graph/Twitter URLs, the sitemap and
 * JSON-LD. Inlined at build time: the value the build saw is the one served.
 */
export const SITE_URL = normaliseSiteUrl(process.env.NEXT_PUBLIC_SITE_URL);

/** "https://x.example/" → "https://x.example"; "" when unset. */
export function normaliseSiteUrl(value: string | undefined): string {
  return (value ?? "").trim().replace(/\/+$/, "");
}

/**
 * What is wrong with a configured site URL, or null. Social sites and search
 * engines ignore relative or non-HTTP URLs, so a value that is not an
 * absolute http(s) origin is refused rather than written into every page.
 */
export function siteUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `NEXT_PUBLIC_SITE_URL must be an absolute URL such as https://example.com, got "${value}".`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return `NEXT_PUBLIC_SITE_URL must use http or https, got "${value}".`;
  if (url.search || url.hash || url.username)
    return `NEXT_PUBLIC_SITE_URL must be an origin (and optional path) without query, fragment or credentials, got "${value}".`;
  return null;
}

/** The message a production build prints when the site URL is not set. */
export const SITE_URL_MISSING =
  "NEXT_PUBLIC_SITE_URL is not set: pages get no canonical link, Open Graph URLs stay relative " +
  "(social sites ignore them) and the sitemap uses each request's host. Set it to the site's public origin for production.";
