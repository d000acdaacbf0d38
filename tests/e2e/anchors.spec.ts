import { expect, test } from "@playwright/test";

test.skip(({ isMobile }) => isMobile, "the same HTML is served to every viewport");

function decode(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/**
 * Crawls the site's pages from "/" as served (server HTML, every in-site link
 * followed) and checks that every link to an anchor, "/path#id" or "#id",
 * names an id that exists on its target page.
 */
test("every in-site anchor link points to an id that exists", async ({ request, baseURL }) => {
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  const ids = new Map<string, Set<string>>();
  const anchorLinks: { from: string; href: string; path: string; id: string }[] = [];
  const queue = ["/"];
  while (queue.length > 0 && ids.size < 40) {
    const path = queue.shift() ?? "/";
    if (ids.has(path)) continue;
    const response = await request.get(path);
    expect(response.status(), `${path} (linked from the site)`).toBe(200);
    const html = await response.text();
    ids.set(path, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => decode(match[1] ?? ""))));
    for (const [, raw = ""] of html.matchAll(/<a\s[^>]*href="([^"]+)"/g)) {
      const url = new URL(decode(raw), `${origin}${path}`);
      if (url.origin !== origin || url.pathname.startsWith("/assets/") || url.pathname.startsWith("/api/")) continue;
      if (!ids.has(url.pathname) && !queue.includes(url.pathname)) queue.push(url.pathname);
      if (url.hash) anchorLinks.push({ from: path, href: decode(raw), path: url.pathname, id: decodeURIComponent(url.hash.slice(1)) });
    }
  }
  expect(ids.size, "pages crawled").toBeGreaterThan(3);
  expect(anchorLinks.length, "anchor links found").toBeGreaterThan(0);
  const broken = anchorLinks.filter((link) => !ids.get(link.path)?.has(link.id)).map((link) => `${link.from}: ${link.href}`);
  expect(broken).toEqual([]);
});
