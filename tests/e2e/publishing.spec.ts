/**
 * Publishing and new builds, end to end on production servers with the local
 * content API over HTTP (CONTENT_SOURCE=storyblok, as a deployed site reads
 * Storyblok):
 *   - a signed webhook refreshes the pages that show a story, on the next
 *     request; bad signatures and malformed payloads change nothing; a content
 *     API failing during regeneration leaves the last good page;
 *   - build A is replaced by build B (standalone output) on the same port: a
 *     navigation lands in B with one page load, a failed chunk reloads once,
 *     and a chunk that keeps failing on the same build does not loop;
 *   - B, with no CONTACT_DB, keeps contact messages in the repository's
 *     .data/contact.sqlite, outside every build, where `portfolio messages
 *     list` finds them.
 * No build of its own: A is a copy of the main build (.next), B a copy of the
 * second build (hostile-build.ts, standalone output). Both read their content
 * source, API and secrets when they start, so they serve this test's content
 * API as builds made from it would; B's prerendered pages are those of its
 * own build, and what this file checks on B does not depend on them. The
 * "publishing" Playwright project runs this file once, after the desktop and
 * phone projects.
 */
import { existsSync } from "node:fs";
import { readFile, rename, rm, writeFile, mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { cp } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { sendStoryWebhook, storyWebhookPayload } from "../../src/publishing/send-webhook";
import { freePort, REPO, startContentApi, startSite, type ContentApi, type Site } from "./publishing-harness";
import { HOSTILE_DIST, hostileBuild } from "./hostile-build";
import { copyBuild } from "./support/build-copy";
import { inlineModules } from "./support/page-scripts";
import { listWithCli } from "./support/messages-cli";
import { requestDecoded } from "../support/decoded-request";
import { HANG_GUARD_MS } from "../support/hang-guard";
import { sendSettled, settled } from "./support/settled-webhook";

// In order, one server at a time; a failed test restarts the worker (beforeAll again), and the tests after it still run.
test.describe.configure({ mode: "default" });

const TOKEN = "publish-e2e";
const SECRET = "publish-e2e-secret";
const DIST_A = ".next-e2e-publish-a";
const DIST_B = ".next-e2e-publish-b";
/** A project the home page already lists but that is published only during the test. */
const NEW_PROJECT = {
  id: 512009901,
  uuid: "0b5e7a9c-1d2e-4f3a-8b4c-5d6e7f809901",
  slug: "harbour-lights",
  title: "Harbour Lights: wayfinding for a ferry terminal",
};

let api: ContentApi;
let site: Site;
let port: number;
const timings: Record<string, number> = {};
const built: string[] = [];

const siteEnv = () => ({
  CONTENT_SOURCE: "storyblok",
  STORYBLOK_TOKEN: TOKEN,
  STORYBLOK_API_URL: api.apiUrl,
  STORYBLOK_WEBHOOK_SECRET: SECRET,
});

/** The contact store a server with no CONTACT_DB uses, in the repository: it may hold a developer's own messages. */
const DEFAULT_STORE = join(REPO, ".data", "contact.sqlite");
const SQLITE_FILES = ["", "-wal", "-shm"].map((suffix) => `${DEFAULT_STORE}${suffix}`);
let restoreDeveloperMessages: (() => Promise<void>) | undefined;

/** Moves the repository's own message store aside until afterAll, after the server using the test's store has stopped. */
async function setDeveloperMessagesAside(): Promise<void> {
  const aside = await mkdtemp(join(tmpdir(), "developer-messages-"));
  const hadData = existsSync(join(REPO, ".data"));
  const moved: string[] = [];
  for (const file of SQLITE_FILES.filter((path) => existsSync(path))) {
    await rename(file, join(aside, basename(file)));
    moved.push(file);
  }
  restoreDeveloperMessages = async () => {
    for (const file of SQLITE_FILES) await rm(file, { force: true });
    for (const file of moved) await rename(join(aside, basename(file)), file);
    if (!hadData) await rm(join(REPO, ".data"), { recursive: true, force: true });
    await rm(aside, { recursive: true, force: true });
    restoreDeveloperMessages = undefined;
  };
}

const storyPath = (slug: string) => join(api.dir, "stories", `${slug}.json`);
const readStory = async (slug: string) => JSON.parse(await readFile(storyPath(slug), "utf8"));
const writeStory = async (slug: string, story: unknown) => {
  await mkdir(join(storyPath(slug), ".."), { recursive: true });
  await writeFile(storyPath(slug), JSON.stringify(story));
};
const html = async (path: string) => {
  const response = await fetch(`${site.url}${path}`);
  return { status: response.status, text: await response.text() };
};
/** A page asked for in one content coding, as a browser that takes only that one asks: its body decoded, and the coding it came in. */
const htmlIn = async (path: string, coding: "br" | "gzip") => {
  const answer = await requestDecoded(`${site.url}${path}`, { "Accept-Encoding": coding });
  return { encoding: answer.headers["content-encoding"], text: answer.body };
};
const send = (action: Parameters<typeof storyWebhookPayload>[0], id: number, slug?: string, secret = SECRET) =>
  sendStoryWebhook(site.url, storyWebhookPayload(action, id, slug), secret);

/** Sends a signed webhook and waits for its batch to end, answered 200 or (a busy machine) 202 (support/settled-webhook.ts). */
const publish = (action: Parameters<typeof storyWebhookPayload>[0], id: number, slug?: string) =>
  sendSettled(site.url, storyWebhookPayload(action, id, slug), SECRET, () => site.logs.join(""));

// B, the second build, is built here only when `npm test` has not (about a minute on two idle cores, several times that on a busy machine).
const BUILD_TIMEOUT = 480_000;

test.beforeAll(async () => {
  test.setTimeout(BUILD_TIMEOUT);
  api = await startContentApi(TOKEN);
  // The home page lists a project that is not published yet (a relation to a draft resolves to nothing).
  const home = await readStory("home");
  const cards = home.content.body.find((blok: { component: string }) => blok.component === "card_list");
  cards.projects.push(NEW_PROJECT.uuid);
  await writeStory("home", home);
  built.push(DIST_A);
  const copying = Date.now();
  await copyBuild(".next", DIST_A);
  timings.copyA = Date.now() - copying;
  port = await freePort(process.env.E2E_PUBLISH_PORT);
  site = await startSite(join(REPO, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], port, {
    ...siteEnv(),
    NEXT_DIST_DIR: DIST_A,
  });
});

test.afterAll(async () => {
  await site?.stop();
  await restoreDeveloperMessages?.();
  await api?.close();
  // Only what this worker built: another run's build may be in use.
  for (const dir of built) await rm(join(REPO, dir), { recursive: true, force: true });
  if (Object.keys(timings).length > 0) console.log(`publishing e2e timings (ms): ${JSON.stringify(timings)}`);
});

test.describe("webhook → on-demand revalidation", () => {
  test("a changed story is on its page at the next request after a signed published webhook", async () => {
    const tidewater = await readStory("projects/tidewater");
    const before = tidewater.content.title as string;
    expect((await html("/projects/tidewater")).text).toContain(before);
    const dutchBefore = tidewater.content.title__i18n__nl as string;
    expect((await html("/nl/projects/tidewater")).text).toContain(dutchBefore);
    tidewater.content.title = "Tidewater, republished";
    tidewater.content.title__i18n__nl = "Tidewater, opnieuw gepubliceerd";
    tidewater.content.summary = "A summary written after the build.";
    await writeStory("projects/tidewater", tidewater);
    // Not before the webhook: the page is static until then, in every language.
    expect((await html("/projects/tidewater")).text).toContain(before);
    expect((await html("/nl/projects/tidewater")).text).toContain(dutchBefore);
    // Compressed copies of the old pages are kept now (src/http/compression): the fresh pages below must not come from them.
    for (const coding of ["br", "gzip"] as const) {
      expect((await htmlIn("/projects/tidewater", coding)).text).toContain(before);
      expect((await htmlIn("/", coding)).text).not.toContain("A summary written after the build.");
    }

    const started = performance.now();
    const answer = await publish("published", tidewater.id, tidewater.full_slug);
    const page = await html("/projects/tidewater");
    timings.webhookToFreshPage = Math.round(performance.now() - started);
    expect([200, 202]).toContain(answer.status);
    if (answer.revalidated) expect(answer.revalidated).toEqual(expect.arrayContaining(["/", "/projects/tidewater"]));
    expect(answer.failed).toEqual([]);
    expect(page.text).toContain("Tidewater, republished");
    // Every language's version of the page was refreshed (docs/languages.md#publishing).
    expect((await html("/nl/projects/tidewater")).text).toContain("Tidewater, opnieuw gepubliceerd");
    // The home page's card for it (name, cover, summary) shows the new summary: the home page was regenerated too.
    expect((await html("/")).text).toContain("A summary written after the build.");
    // In each coding, compressed from the regenerated page, not sent from the old page's kept copy.
    for (const coding of ["br", "gzip"] as const) {
      const project = await htmlIn("/projects/tidewater", coding);
      expect(project.encoding).toBe(coding);
      expect(project.text).toContain("Tidewater, republished");
      expect((await htmlIn("/", coding)).text).toContain("A summary written after the build.");
    }
  });

  test("the home page's project list follows a new, an unpublished and a moved project", async () => {
    const href = (path: string) => `href="${path}"`;
    /** The home page's "Selected work" cards (the footer's own links to projects are content of the site settings). */
    const workCards = async () => {
      const { text } = await html("/");
      const start = text.indexOf('id="work"');
      expect(start).toBeGreaterThan(-1);
      return text.slice(start, text.indexOf("</section>", start));
    };
    expect((await html(`/projects/${NEW_PROJECT.slug}`)).status).toBe(404);
    expect(await workCards()).not.toContain(href(`/projects/${NEW_PROJECT.slug}`));

    // New: published after the build, served at once, and listed on the home page that named it.
    const fieldnotes = await readStory("projects/fieldnotes");
    const created = {
      ...fieldnotes,
      id: NEW_PROJECT.id,
      uuid: NEW_PROJECT.uuid,
      name: "Harbour Lights",
      slug: NEW_PROJECT.slug,
      full_slug: `projects/${NEW_PROJECT.slug}`,
      content: { ...fieldnotes.content, title: NEW_PROJECT.title },
    };
    await writeStory(created.full_slug, created);
    expect(await publish("published", created.id, created.full_slug)).toMatchObject({ failed: [] });
    const newPage = await html(`/projects/${NEW_PROJECT.slug}`);
    expect(newPage.status).toBe(200);
    expect(newPage.text).toContain("Harbour Lights: wayfinding");
    expect(await workCards()).toContain(href(`/projects/${NEW_PROJECT.slug}`));

    // A project whose webhook never came is not a page until the site lists its pages again
    // (page-gate.spec.ts shows it become one): an address anyone can make up costs no content request.
    const unannounced = {
      ...created,
      id: NEW_PROJECT.id + 1,
      uuid: "0b5e7a9c-1d2e-4f3a-8b4c-5d6e7f809902",
      slug: "quiet-launch",
      full_slug: "projects/quiet-launch",
      content: { ...created.content, title: "Quiet launch" },
    };
    await writeStory(unannounced.full_slug, unannounced);
    expect((await html("/projects/quiet-launch")).status).toBe(404);

    // Unpublished: the page is a 404, the card leaves the home page.
    const ledger = await readStory("projects/ledger-lane");
    await writeStory("projects/ledger-lane", { ...ledger, published_at: null });
    expect(await publish("unpublished", ledger.id, ledger.full_slug)).toMatchObject({ failed: [] });
    expect((await html("/projects/ledger-lane")).status).toBe(404);
    expect(await workCards()).toContain(href("/projects/tidewater"));
    expect(await workCards()).not.toContain(href("/projects/ledger-lane"));

    // Moved: the old path is a 404, the new one is served, the card points there.
    const klei = await readStory("projects/klei-atelier");
    await rm(storyPath("projects/klei-atelier"));
    await writeStory("projects/studio/klei", { ...klei, slug: "klei", full_slug: "projects/studio/klei" });
    const moved = await publish("moved", klei.id, "projects/studio/klei");
    expect(moved.failed).toEqual([]);
    if (moved.revalidated)
      expect(moved.revalidated).toEqual(expect.arrayContaining(["/", "/projects/klei-atelier", "/projects/studio/klei"]));
    expect((await html("/projects/klei-atelier")).status).toBe(404);
    expect((await html("/projects/studio/klei")).status).toBe(200);
    const home = await workCards();
    expect(home).toContain(href("/projects/studio/klei"));
    expect(home).not.toContain(href("/projects/klei-atelier"));

    // Deleted (no full_slug in the payload): the page this process knew for the id goes.
    await rm(storyPath(created.full_slug));
    const deleted = await publish("deleted", created.id);
    expect(deleted.failed).toEqual([]);
    if (deleted.revalidated) expect(deleted.revalidated).toEqual(expect.arrayContaining([`/projects/${NEW_PROJECT.slug}`]));
    expect((await html(`/projects/${NEW_PROJECT.slug}`)).status).toBe(404);
  });

  test("a bad signature gets 401 and changes nothing; a malformed payload gets 400", async () => {
    const atlas = await readStory("projects/2024/atlas");
    const before = atlas.content.title as string;
    await writeStory(atlas.full_slug, { ...atlas, content: { ...atlas.content, title: "Atlas, forged" } });

    const forged = await send("published", atlas.id, atlas.full_slug, "a guess");
    expect(forged.status).toBe(401);
    const unsigned = await fetch(`${site.url}/api/revalidate`, {
      method: "POST",
      body: JSON.stringify(storyWebhookPayload("published", atlas.id, atlas.full_slug)),
    });
    expect(unsigned.status).toBe(401);
    expect((await html("/projects/2024/atlas")).text).toContain(before);
    expect((await html("/projects/2024/atlas")).text).not.toContain("Atlas, forged");

    const { signWebhookBody } = await import("../../src/publishing/webhook-signature");
    const malformed = '{"action":"published","story_id":';
    const refused = await fetch(`${site.url}/api/revalidate`, {
      method: "POST",
      headers: { "webhook-signature": signWebhookBody(malformed, SECRET) },
      body: malformed,
    });
    expect(refused.status).toBe(400);
    expect((await fetch(`${site.url}/api/revalidate`)).status).toBe(405);
    const huge = "x".repeat(64 * 1024);
    expect(
      (
        await fetch(`${site.url}/api/revalidate`, {
          method: "POST",
          headers: { "webhook-signature": signWebhookBody(huge, SECRET) },
          body: huge,
        })
      ).status,
    ).toBe(413);
    expect((await html("/projects/2024/atlas")).text).not.toContain("Atlas, forged");
    expect(site.logs.join("\n")).toContain("revalidate: bad webhook-signature");
    await writeStory(atlas.full_slug, atlas);
  });

  test("the content API failing during regeneration leaves the last good page, and the log says why", async () => {
    const fieldnotes = await readStory("projects/fieldnotes");
    const good = fieldnotes.content.title as string;
    await writeStory(fieldnotes.full_slug, { ...fieldnotes, content: { ...fieldnotes.content, title: "Fieldnotes, never seen" } });
    api.failProjectListings = true;
    try {
      const answer = await publish("published", fieldnotes.id, fieldnotes.full_slug);
      expect([200, 202]).toContain(answer.status);
      expect(answer.failed).toContain("/projects/fieldnotes");
      const page = await html("/projects/fieldnotes");
      expect(page.status).toBe(200);
      expect(page.text).toContain(good);
      const logs = site.logs.join("\n");
      expect(logs).toContain(
        "content: /projects/fieldnotes not regenerated, the last good page stays: ContentRequestError: Service Unavailable",
      );
      expect(logs).toMatch(
        /revalidate: published story \d+: \/projects\/fieldnotes not refreshed: ContentRequestError: Service Unavailable/,
      );
    } finally {
      api.failProjectListings = false;
    }
    // Once the API is back, the next webhook brings the change.
    expect(await publish("published", fieldnotes.id, fieldnotes.full_slug)).toMatchObject({ failed: [] });
    expect((await html("/projects/fieldnotes")).text).toContain("Fieldnotes, never seen");
  });
});

test.describe("a new build replaces the running one", () => {
  /** Every document the page loads from now on (navigations and reloads). */
  const countDocuments = (page: Page) => {
    const loads: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
    });
    return loads;
  };
  /**
   * Which build a page came from: its islands script, inline, whose code holds the build's id
   * (src/islands/build-islands.ts). Undefined while a navigation replaces the document (polls ask again).
   */
  const buildOf = (page: Page) =>
    page
      .evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"]:not([src])')?.textContent ?? undefined)
      .catch(() => undefined);
  const islandsOfLiveBuild = async () => inlineModules(await (await fetch(`${site.url}/`)).text())[0];
  /** What a lazy import does: add a script of the build; this one is not on the server. */
  const loadMissingChunk = (page: Page) =>
    page.evaluate(() => {
      const script = document.createElement("script");
      script.type = "module";
      script.src = `/islands/chunks/lazy-${Date.now()}.js`;
      document.head.append(script);
    });

  /**
   * Build B, the standalone output, served by its own server.js on A's port in A's place; once a worker: each
   * test of this group starts from B, whether or not the one before it passed. Its server finds its build under
   * the folder it was built into (HOSTILE_DIST), inside standalone/.
   */
  let servingB = false;
  async function serveBuildB(): Promise<void> {
    if (servingB) return;
    built.push(DIST_B);
    await hostileBuild();
    const copying = Date.now();
    await copyBuild(HOSTILE_DIST, DIST_B);
    timings.copyB = Date.now() - copying;
    const standalone = join(REPO, DIST_B, "standalone");
    await cp(join(REPO, DIST_B, "static"), join(standalone, HOSTILE_DIST, "static"), { recursive: true });
    await cp(join(REPO, "public"), join(standalone, "public"), { recursive: true, dereference: true });
    const restartStarted = Date.now();
    await site.stop();
    site = await startSite(process.execPath, [join(standalone, "server.js")], port, siteEnv(), standalone);
    timings.restart = Date.now() - restartStarted;
    servingB = true;
  }

  test("navigation lands in B with one page load; a failed chunk reloads once; a chunk that keeps failing does not loop; B knows the stories from its start", async ({
    browser,
  }) => {
    test.setTimeout(BUILD_TIMEOUT);
    const context = await browser.newContext();
    const navigating = await context.newPage();
    const chunking = await context.newPage();
    await navigating.goto(`${site.url}/`);
    await chunking.goto(`${site.url}/`);
    const buildA = await buildOf(navigating);
    const buildIdA = (await (await fetch(`${site.url}/api/build-info`)).json()).buildId as string;
    expect(buildA).toContain(JSON.stringify(buildIdA));

    // Published while A runs, and never announced by a webhook: B must know it from its start.
    const fieldnotes = await readStory("projects/fieldnotes");
    const quiet = {
      ...fieldnotes,
      id: 512009951,
      uuid: "0b5e7a9c-1d2e-4f3a-8b4c-5d6e7f809951",
      slug: "before-b",
      full_slug: "projects/before-b",
    };
    await writeStory(quiet.full_slug, { ...quiet, content: { ...fieldnotes.content, title: "Published before B" } });
    await serveBuildB();
    const buildIdB = (await (await fetch(`${site.url}/api/build-info`)).json()).buildId as string;
    const buildB = await islandsOfLiveBuild();
    expect(buildB).toContain(JSON.stringify(buildIdB));
    expect(buildB).not.toBe(buildA);

    // A's home is static HTML, whose links load the next page in full: from B.
    const navigations = countDocuments(navigating);
    await navigating.locator('a[href="/projects/2024/atlas"]').first().click();
    await navigating.waitForURL("**/projects/2024/atlas");
    await expect.poll(() => buildOf(navigating)).toBe(buildB);
    await expect(navigating.locator("h1")).toBeVisible();
    expect(navigations).toEqual([`${site.url}/projects/2024/atlas`]);

    // A chunk of A fails to load: the live build is B, so the tab reloads once, onto B.
    const reloads = countDocuments(chunking);
    await loadMissingChunk(chunking);
    await expect.poll(() => reloads.length).toBe(1);
    await expect.poll(() => buildOf(chunking)).toBe(buildB);
    await chunking.waitForLoadState("load");

    // On B a chunk that keeps failing is B's own problem: the tab asks, learns it runs the live build, and stays.
    // (Asked until the answer is seen: the watcher starts once the reloaded page has hydrated.)
    const failAndSeeCheck = () =>
      expect
        .poll(
          async () => {
            const checked = chunking
              // One try's wait, not a limit: a try that sees no answer (the watcher not started yet) tries again.
              .waitForResponse((r) => r.url().endsWith("/api/build-info"), { timeout: 5_000 })
              .then(
                (r) => r.json(),
                () => undefined,
              );
            await loadMissingChunk(chunking);
            return ((await checked) as { buildId?: string } | undefined)?.buildId;
          },
          { timeout: 2 * HANG_GUARD_MS },
        )
        .toBe(buildIdB);
    await failAndSeeCheck();
    await failAndSeeCheck();
    await chunking.waitForTimeout(1_000);
    expect(reloads).toHaveLength(1);
    await context.close();

    // B has had no webhook since it started, yet knows each story's pages (listed at start):
    // a story deleted now is found by its id alone.
    expect((await html("/projects/before-b")).status).toBe(200);
    await rm(storyPath(quiet.full_slug));
    // Found by its id (a story unknown to B would be answered 200 with `unknown_story`, and nothing refreshed).
    const deleted = await send("deleted", quiet.id);
    expect([200, 202]).toContain(deleted.status);
    expect(deleted.body).not.toHaveProperty("unknown_story");
    if (deleted.status === 202) expect(await settled(deleted, () => site.logs.join(""))).toMatchObject({ failed: [] });
    else expect(deleted.body).toMatchObject({ revalidated: expect.arrayContaining(["/projects/before-b"]) });
    expect((await html("/projects/before-b")).status).toBe(404);
  });

  // B is the standalone server.js, run from its own folder inside the build, with no CONTACT_DB.
  test("B keeps a contact message outside the build, in the repository's .data, where `portfolio messages list` finds it", async () => {
    test.setTimeout(BUILD_TIMEOUT);
    await serveBuildB();
    const standalone = join(REPO, DIST_B, "standalone");
    await setDeveloperMessagesAside();
    const text = "Posted to the standalone server; it must outlive this build.";
    const answer = await fetch(`${site.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Femke de Wit", email: "femke@example.com", message: text, consent: true }),
    });
    expect(answer.status, await answer.text()).toBe(200);
    expect(site.logs.join("\n")).toContain(`contact: messages are stored in SQLite file ${DEFAULT_STORE}; not mailed`);

    expect(existsSync(DEFAULT_STORE)).toBe(true);
    expect(existsSync(join(standalone, ".data"))).toBe(false);
    expect(existsSync(join(REPO, DIST_B, ".data"))).toBe(false);
    // The owner's command, from the repository, with nothing configured: the same file.
    const listed = await listWithCli();
    expect(listed).toHaveLength(1);
    expect(listed[0]?.fields.find((field) => field.name === "message")?.value).toBe(text);
    // No SMTP_URL: kept for the owner to read, not lost.
    expect(listed[0]?.state).toBe("queued");
  });
});
