import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./support/shared-page";
import { startNextServer, type NextServer } from "../support/next-server";
import { headerLogoText } from "./content";
import { startFailingCdn, type FailingCdn } from "./support/failing-cdn";
import { BROWSERS } from "./support/user-agents";

const CHROME = { "user-agent": BROWSERS["Chrome desktop"] };

function title(html: string): string | undefined {
  return /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
}

function h1(html: string): string | undefined {
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

test.describe("error responses, as the server sends them", () => {
  // Plain HTTP: the viewport does not matter, so one project runs these.
  test.skip(({ isMobile }) => isMobile, "server HTML is the same for every viewport");

  for (const path of ["/no-such-page", "/a/b/c", "/projects/unknown", "/projects/2024/unknown"]) {
    test(`${path}: 404, "Page not found: ${path}" in the server HTML, titled "Page Not Found"`, async ({ request }) => {
      const response = await request.get(path, { headers: CHROME });
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(h1(html)).toBe(`Page not found: ${path}`);
      expect(title(html)).toBe("Page Not Found");
      // The site's frame: the header and its name come from the content.
      expect(html).toContain(headerLogoText());
    });
  }

  test("the path is shown decoded and escaped, never as markup", async ({ request }) => {
    const response = await request.get("/caf%C3%A9/%3Cb%3Ex%3C%2Fb%3E", { headers: CHROME });
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(h1(html)).toBe("Page not found: /café/&lt;b&gt;x&lt;/b&gt;");
  });

  test("a 400 (malformed escape in a project path) goes through the error view", async ({ request }) => {
    const response = await request.get("/projects/%E0%A4%A", { headers: CHROME });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(title(html)).toBe("Internal Server Error");
    expect(h1(html)).toBe("Bad Request");
  });

  test("in the browser the 404 view keeps its text and title after hydration", async ({ sharedPage: page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page Not Found");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /no-such-page");
    await expect(page.getByRole("banner")).toBeVisible();
  });
});

test.describe("a real server error: the content API fails while a new project path is requested", () => {
  // In order on one server (the first wants nothing cached); a failed test restarts the worker, and the next one
  // still runs, on a server started afresh.
  test.describe.configure({ mode: "default" });
  test.skip(({ isMobile }) => isMobile, "one server per run is enough");

  let cdn: FailingCdn;
  let site: NextServer;
  let dir: string;

  test.beforeAll(async () => {
    // Two projects published after the build: pages the site knows (its start-up listing names them), not yet rendered.
    // A path it does not know is a 404 with no content request at all (page-gate.spec.ts), whatever the API's state.
    dir = await mkdtemp(join(tmpdir(), "errors-content-"));
    await cp(join(process.cwd(), "content"), dir, { recursive: true });
    const template = JSON.parse(await readFile(join(dir, "stories/projects/fieldnotes.json"), "utf8"));
    for (const [n, slug] of ["new-while-down", "new-while-failing"].entries()) {
      const id = 737000001 + n;
      const story = {
        ...template,
        id,
        uuid: `00000000-0000-4000-8037-${String(id).padStart(12, "0")}`,
        name: slug,
        slug,
        full_slug: `projects/${slug}`,
      };
      await writeFile(join(dir, `stories/projects/${slug}.json`), JSON.stringify(story));
    }
    cdn = await startFailingCdn(dir);
    site = await startNextServer({ env: { CONTENT_SOURCE: "storyblok", STORYBLOK_TOKEN: cdn.token, STORYBLOK_API_URL: cdn.apiUrl } });
    // The start-up listing is not awaited by the server's start: until it is in, a page published
    // after the build is unknown, a 404. Its log line says it has named the new projects. (Not a
    // request for a page: that would load the site config, and this test needs nothing cached.)
    await expect.poll(() => site.output()).toMatch(/the published stories listed at start: \d+ pages known/);
  });

  test.afterAll(async () => {
    await site?.stop();
    await cdn?.close();
    await rm(dir, { recursive: true, force: true });
  });

  // First, while nothing is cached: the site config cannot load either.
  test('content API down: status 500, titled "Internal Server Error", in a plain frame', async ({ request }) => {
    cdn.fail("everything");
    const response = await request.get(`${site.url}/projects/new-while-down`, { headers: CHROME });
    expect(response.status()).toBe(500);
    const html = await response.text();
    expect(title(html)).toBe("Internal Server Error");
    expect(h1(html)).toBe("Something went wrong on our side");
    expect(html).not.toContain("<header");
    // A 500 carries the security headers like every other answer.
    expect(response.headers()["content-security-policy"]).toMatch(/frame-ancestors 'self'/);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("project stories failing, site config reachable: the 500 view keeps the site's frame", async ({ request }) => {
    cdn.fail("projects");
    const response = await request.get(`${site.url}/projects/new-while-failing`, { headers: CHROME });
    expect(response.status()).toBe(500);
    const html = await response.text();
    expect(title(html)).toBe("Internal Server Error");
    expect(html).toContain("<header");
    expect(html).toContain(headerLogoText());
  });

  test("once the API is back, the same kind of path is an ordinary 404", async ({ request }) => {
    cdn.fail("none");
    const response = await request.get(`${site.url}/projects/still-not-there`, { headers: CHROME });
    expect(response.status()).toBe(404);
    expect(h1(await response.text())).toBe("Page not found: /projects/still-not-there");
  });
});
