/** sitemap.xml and robots.txt as text, from what the content says is public. */

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** ISO date-time of the last publication, when known. */
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** The sitemaps.org 0.9 format: one <url> per page, in the order given. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) => `  <url>\n    <loc>${xml(loc)}</loc>\n${lastmod ? `    <lastmod>${xml(lastmod)}</lastmod>\n` : ""}  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * Everything may be crawled except the API. Pages hidden by their editors are
 * not disallowed here: a crawler must fetch them to read their noindex.
 */
export function robotsTxt(sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${sitemapUrl}\n`;
}
