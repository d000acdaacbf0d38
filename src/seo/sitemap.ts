/** sitemap.xml and robots.txt as text, from what the content says is public. */

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** ISO date-time of the last publication, when known. */
  lastmod?: string;
  /** The same page in every language, this one included (`xhtml:link rel="alternate"`). */
  alternates?: readonly { hrefLang: string; href: string }[];
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/**
 * The sitemaps.org 0.9 format: one <url> per page and language, in the order
 * given, each naming its language versions as Google's sitemap extension for
 * localized pages asks (`xhtml:link`, https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap).
 */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ loc, lastmod, alternates = [] }) => {
    const links = alternates.map(
      ({ hrefLang, href }) => `    <xhtml:link rel="alternate" hreflang="${xml(hrefLang)}" href="${xml(href)}"/>\n`,
    );
    return `  <url>\n    <loc>${xml(loc)}</loc>\n${lastmod ? `    <lastmod>${xml(lastmod)}</lastmod>\n` : ""}${links.join("")}  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * Everything may be crawled except the API. Pages hidden by their editors are
 * not disallowed here: a crawler must fetch them to read their noindex.
 */
export function robotsTxt(sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${sitemapUrl}\n`;
}
