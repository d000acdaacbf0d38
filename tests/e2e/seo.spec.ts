import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { startNextServer, type NextServer } from "../support/next-server";
import { projectTitle } from "./content";
import { startFailingCdn, type FailingCdn } from "./support/failing-cdn";
import { SITE_URL } from "./support/site-url";

test.skip(({ isMobile }) => isMobile, "server answers do not depend on the viewport");

const PROJECTS = join(process.cwd(), "content", "stories", "projects");

/** Every project's path, from the story files. */
function projectPaths(): string[] {
  const files = readdirSync(PROJECTS, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".json"));
  return files.map((file) => `/projects/${file.replace(/\.json$/, "")}`).sort();
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
}

async function jsonLd(request: APIRequestContext, path: string): Promise<Record<string, unknown>[]> {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1] ?? "null"));
}

test("robots.txt allows the site, keeps crawlers out of the API and names the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const body = await response.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Disallow: \/api\/$/m);
  expect(body).toMatch(new RegExp(`^Sitemap: ${SITE_URL}/sitemap.xml$`, "m"));
});

test("sitemap.xml is well-formed and lists the home page and every project in every language, each answering 200", async ({
  request,
  sharedPage: page,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  // The browser's XML parser: no parse error, the sitemaps.org root.
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    return {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      root: doc.documentElement.localName,
      ns: doc.documentElement.namespaceURI,
    };
  }, xml);
  expect(parsed).toEqual({ error: null, root: "urlset", ns: "http://www.sitemaps.org/schemas/sitemap/0.9" });
  const urls = locs(xml);
  // Each page in English, then in Dutch (docs/languages.md).
  expect(urls).toEqual(
    ["/", ...projectPaths()].flatMap((path) => [`${SITE_URL}${path}`, `${SITE_URL}${path === "/" ? "/nl" : `/nl${path}`}`]),
  );
  for (const url of urls) expect((await request.get(url.slice(SITE_URL.length))).status(), url).toBe(200);
});

test("the pages name favicon.ico as their one icon, and it is served", async ({ request }) => {
  // Not the SVG it is drawn from (src/pages/_document.tsx): the browser draws an SVG icon as a document on the page's main thread.
  const html = await (await request.get("/")).text();
  expect([...html.matchAll(/<link rel="icon" href="([^"]+)"/g)].map(([, href]) => href)).toEqual(["/favicon.ico"]);
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});

for (const [path, type] of [
  ["/", "website"],
  ["/projects/2024/atlas", "article"],
] as const) {
  test(`${path}: canonical and Open Graph URLs are absolute, and X's card reads them on the site's origin`, async ({
    sharedPage: page,
  }) => {
    await page.goto(path);
    const head = page.locator("head");
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE_URL}${path}`);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", `${SITE_URL}${path}`);
    await expect(head.locator('meta[property="og:type"]')).toHaveAttribute("content", type);
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\//);
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    // X falls back to og:title, og:description and og:image: the head does not say them twice.
    await expect(head.locator('meta[name="twitter:title"], meta[name="twitter:description"], meta[name="twitter:image"]')).toHaveCount(0);
    await expect(head.locator('meta[name="twitter:image:alt"]')).toHaveAttribute("content", /\S/);
    await expect(head.locator('meta[name="robots"]')).toHaveCount(0);
  });
}

test("the home page describes its owner as a schema.org Person", async ({ request }) => {
  const [person, ...others] = await jsonLd(request, "/");
  expect(others).toEqual([]);
  expect(person).toMatchObject({ "@context": "https://schema.org", "@type": "Person", url: `${SITE_URL}/` });
  expect(typeof person?.name).toBe("string");
  const sameAs = person?.sameAs as string[];
  expect(sameAs.length).toBeGreaterThan(0);
  for (const url of sameAs) expect(url).toMatch(/^https:\/\//);
});

test("a project page describes the project as a schema.org CreativeWork", async ({ request }) => {
  const [work, ...others] = await jsonLd(request, "/projects/2024/atlas");
  expect(others).toEqual([]);
  expect(work).toMatchObject({
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: projectTitle("projects/2024/atlas.json"),
    url: `${SITE_URL}/projects/2024/atlas`,
    author: { "@type": "Person" },
  });
  expect(work?.image).toMatch(/^https?:\/\//);
});

test.describe("a project its editor hides from search engines", () => {
  test.describe.configure({ mode: "default" });
  let dir: string;
  let cdn: FailingCdn;
  let site: NextServer;

  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "content-noindex-"));
    await cp(join(process.cwd(), "content"), dir, { recursive: true });
    const story = JSON.parse(await readFile(join(dir, "stories/projects/tidewater.json"), "utf8"));
    const hidden = {
      ...story,
      id: 991001,
      uuid: "5f0c6b52-0000-4000-8000-000000000001",
      slug: "hidden-study",
      full_slug: "projects/hidden-study",
      name: "Hidden study",
    };
    hidden.content = { ...story.content, _uid: "5f0c6b52-0000-4000-8000-000000000002", title: "Hidden study", noindex: true };
    await writeFile(join(dir, "stories/projects/hidden-study.json"), JSON.stringify(hidden));
    cdn = await startFailingCdn(dir);
    site = await startNextServer({ env: { CONTENT_SOURCE: "storyblok", STORYBLOK_TOKEN: cdn.token, STORYBLOK_API_URL: cdn.apiUrl } });
  });

  test.afterAll(async () => {
    await site?.stop();
    await cdn?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("is left out of the sitemap, and its page says noindex", async ({ request }) => {
    const urls = locs(await (await request.get(`${site.url}/sitemap.xml`)).text());
    expect(urls).toContain(`${SITE_URL}/projects/tidewater`);
    expect(urls).not.toContain(`${SITE_URL}/projects/hidden-study`);
    const html = await (await request.get(`${site.url}/projects/hidden-study`)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toContain("Hidden study");
  });
});
