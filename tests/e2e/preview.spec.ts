/**
 * The Visual Editor loop in a real Chromium: a page on another site (the
 * editor stand-in, localhost) frames the site (127.0.0.1) with the address
 * Storyblok builds, the real bridge from @storyblok/preview-bridge is served
 * where STORYBLOK_BRIDGE_URL points, and the stand-in posts the messages the
 * editor posts (the bridge emits any `{ action }` message it receives).
 */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type BrowserContext, type Frame, type Page, type Response } from "@playwright/test";
import { projectTitle } from "./content";
import { BRIDGE_URL, EDITOR_ORIGIN, SITE_ORIGIN, previewEnv } from "./fixtures/preview-setup";

const SECRETS = previewEnv();
const SPACE_ID = SECRETS.STORYBLOK_SPACE_ID ?? "";
const PREVIEW_TOKEN = SECRETS.STORYBLOK_PREVIEW_TOKEN ?? "";
const NEVER_SENT = [PREVIEW_TOKEN, SECRETS.STORYBLOK_OAUTH_TOKEN ?? "", SECRETS.STORYBLOK_WEBHOOK_SECRET ?? ""];

const FIELDNOTES_PATH = "/projects/fieldnotes";
const PUBLISHED_TITLE = projectTitle("projects/fieldnotes.json");
const DRAFT: { id: number; content: Record<string, unknown> } = JSON.parse(
  readFileSync(join(process.cwd(), "content/drafts/projects/fieldnotes.json"), "utf8"),
);
const DRAFT_TITLE = String(DRAFT.content.title);
/** A project Fieldnotes does not relate to. */
const LEDGER_LANE: { uuid: string; name: string } = JSON.parse(
  readFileSync(join(process.cwd(), "content/stories/projects/ledger-lane.json"), "utf8"),
);
/** Fieldnotes' related project, shown as a card below it. */
const RELATED_TITLE = "Tidewater";

const BRIDGE_SOURCE = readFileSync(
  join(process.cwd(), "node_modules/@storyblok/preview-bridge/dist/browser-global/storyblok-v2-latest.js"),
);

/** The editor stand-in: frames `?src=` and records what the bridge posts to it. */
const EDITOR_PAGE = `<!doctype html><title>Visual Editor stand-in</title>
<script>window.fromBridge = []; addEventListener("message", (e) => window.fromBridge.push({ origin: e.origin, action: e.data && e.data.action }));</script>
<iframe id="site" style="width:1200px;height:700px" src=""></iframe>
<script>document.getElementById("site").src = new URLSearchParams(location.search).get("src");</script>`;

interface Token {
  spaceId?: string;
  previewToken?: string;
  /** Seconds relative to now. */
  age?: number;
  /** `_storyblok_lang`: the language selected in the editor (`default` for the default one). */
  language?: string;
}

/** The address the editor opens for a story, with a token made as Storyblok makes it. */
function editorAddress(
  path: string,
  storyId: number,
  { spaceId = SPACE_ID, previewToken = PREVIEW_TOKEN, age = 5, language = "default" }: Token = {},
): string {
  const timestamp = String(Math.floor(Date.now() / 1000) - age);
  const token = createHash("sha1").update(`${spaceId}:${previewToken}:${timestamp}`).digest("hex");
  const query = new URLSearchParams({
    _storyblok: String(storyId),
    _storyblok_c: "project",
    _storyblok_version: "",
    _storyblok_lang: language,
    _storyblok_release: "0",
    _storyblok_rl: "1795441183000",
    "_storyblok_tk[space_id]": spaceId,
    "_storyblok_tk[timestamp]": timestamp,
    "_storyblok_tk[token]": token,
  });
  return `${SITE_ORIGIN}${path}?${query}`;
}

interface Run {
  bridgeRequests: string[];
  responses: Response[];
}

const runs = new WeakMap<BrowserContext, Run>();

test.beforeEach(async ({ context }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the Visual Editor is a desktop tool; one browser project is enough");
  const run: Run = { bridgeRequests: [], responses: [] };
  runs.set(context, run);
  // Chromium's Local Network Access: a page Playwright answers itself counts as
  // public, and framing the loopback site from it needs the user's permission.
  await context.grantPermissions(["local-network-access"], { origin: EDITOR_ORIGIN });
  await context.route(`${EDITOR_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.href.startsWith(BRIDGE_URL)) {
      run.bridgeRequests.push(url.href);
      await route.fulfill({ body: BRIDGE_SOURCE, contentType: "text/javascript" });
    } else {
      await route.fulfill({ body: EDITOR_PAGE, contentType: "text/html" });
    }
  });
  context.on("response", (response) => {
    if (response.url().startsWith(SITE_ORIGIN)) run.responses.push(response);
  });
});

test.afterEach(async ({ context }) => {
  // Every body the site sent in this test: no secret in any of them.
  const run = runs.get(context);
  for (const response of run?.responses ?? []) {
    if (response.status() >= 300 && response.status() < 400) continue;
    const body = await response.text().catch(() => "");
    for (const secret of NEVER_SENT) expect(body, `${response.url()} must not contain a secret`).not.toContain(secret);
  }
});

/** Opens the editor stand-in framing `address`; resolves with the site's frame once it has loaded. */
async function openInEditor(page: Page, address: string): Promise<Frame> {
  await page.goto(`${EDITOR_ORIGIN}/editor?src=${encodeURIComponent(address)}`);
  const frame = page.frame({ url: (url) => url.origin === SITE_ORIGIN && !url.pathname.startsWith("/api/") });
  if (frame) return frame;
  return new Promise((resolve) => {
    page.on("framenavigated", (navigated) => {
      if (new URL(navigated.url()).origin === SITE_ORIGIN && !new URL(navigated.url()).pathname.startsWith("/api/")) resolve(navigated);
    });
  });
}

/** Posts a message into the framed site, as the editor does. */
async function postToSite(page: Page, message: unknown): Promise<void> {
  await page.evaluate((data) => (document.getElementById("site") as HTMLIFrameElement).contentWindow?.postMessage(data, "*"), message);
}

async function bridgeInitialized(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { fromBridge: { action: string }[] }).fromBridge.map((m) => m.action)))
    .toContain("initialized");
}

/** A flag set in the frame's window: gone after any navigation or reload. */
async function markFrame(frame: Frame): Promise<void> {
  await frame.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
}

async function frameStillMarked(frame: Frame): Promise<boolean> {
  return frame.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true).catch(() => false);
}

function entryResponse(run: Run | undefined): Response | undefined {
  return run?.responses.find((response) => new URL(response.url()).pathname === "/api/preview");
}

async function enterFieldnotes(page: Page, context: BrowserContext): Promise<Frame> {
  const frame = await openInEditor(page, editorAddress(FIELDNOTES_PATH, DRAFT.id));
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(DRAFT_TITLE);
  await bridgeInitialized(page);
  expect(runs.get(context)?.bridgeRequests).toEqual([BRIDGE_URL]);
  return frame;
}

test("a valid token shows the draft, loads the bridge once, and sets cross-site partitioned cookies", async ({ page, context }) => {
  const frame = await enterFieldnotes(page, context);
  const run = runs.get(context);

  const cookies = (await entryResponse(run)?.headerValues("set-cookie")) ?? [];
  expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(["__prerender_bypass", "__next_preview_data"]);
  for (const cookie of cookies) expect(cookie).toMatch(/; SameSite=None; Secure; Partitioned$/);

  const pageResponse = run?.responses.find((response) => new URL(response.url()).pathname === FIELDNOTES_PATH && response.status() === 200);
  expect(pageResponse?.headers()["cache-control"]).toMatch(/private.*no-store|no-store.*private/);
  expect(pageResponse?.headers()["content-security-policy"]).toContain(`frame-ancestors 'self' ${EDITOR_ORIGIN}`);

  // Every block is selectable in the editor, and the related project still shows.
  expect(await frame.locator("[data-blok-c]").count()).toBeGreaterThan(0);
  await expect(frame.getByRole("heading", { name: RELATED_TITLE, exact: false }).first()).toBeVisible();

  // The draft never reaches the public: the same page, unframed, is published.
  const published = await context.request.get(`${SITE_ORIGIN}${FIELDNOTES_PATH}`, { headers: { cookie: "" } });
  expect(await published.text()).toContain(PUBLISHED_TITLE);
  expect(await published.text()).not.toContain(DRAFT_TITLE);

  // The cookie alone is not preview: the same story in the frame without the editor's address is published.
  await frame.goto(`${SITE_ORIGIN}${FIELDNOTES_PATH}`);
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(PUBLISHED_TITLE);
  expect(run?.bridgeRequests).toEqual([BRIDGE_URL]);
});

test("input for the open story changes the page without a navigation; other stories' events change nothing", async ({ page, context }) => {
  const frame = await enterFieldnotes(page, context);
  await markFrame(frame);

  // The editor's story: relations may come as uuids; unknown blocks are possible.
  const edited = {
    ...DRAFT,
    content: { ...DRAFT.content, title: "Typed live in the editor", body: [{ component: "carousel_3000", _uid: "c3000" }] },
  };
  await postToSite(page, {
    action: "input",
    story: { ...edited, id: DRAFT.id + 1, content: { ...edited.content, title: "Another story" } },
  });
  await postToSite(page, { action: "change", storyId: DRAFT.id + 1 });
  await postToSite(page, { action: "published", storyId: String(DRAFT.id + 1) });
  await page.waitForTimeout(300);
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(DRAFT_TITLE);
  expect(await frameStillMarked(frame)).toBe(true);

  await postToSite(page, { action: "input", story: edited });
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Typed live in the editor");
  expect(await frameStillMarked(frame)).toBe(true);
  // Relations resolved as on the server: the related card is still there.
  await expect(frame.getByRole("heading", { name: RELATED_TITLE, exact: false }).first()).toBeVisible();
  // A block without a renderer is a visible notice in preview.
  await expect(frame.getByRole("note")).toContainText("carousel_3000");

  // A relation the page never showed, sent as a bare uuid, is loaded as a draft and shown.
  const related = [...(DRAFT.content.related as string[]), LEDGER_LANE.uuid];
  await postToSite(page, { action: "input", story: { ...edited, content: { ...edited.content, related } } });
  await expect(frame.getByRole("heading", { name: LEDGER_LANE.name, exact: false }).first()).toBeVisible();
  expect(await frameStillMarked(frame)).toBe(true);
  // Drafts by uuid are for the editor only.
  const outside = await context.request.get(`${SITE_ORIGIN}/api/preview/relations?uuids=${LEDGER_LANE.uuid}`, { headers: { cookie: "" } });
  expect(outside.status()).toBe(403);
});

for (const action of ["change", "published"] as const) {
  test(`${action} for the open story reloads the page, still in preview`, async ({ page, context }) => {
    const frame = await enterFieldnotes(page, context);
    await markFrame(frame);
    await postToSite(page, { action, storyId: DRAFT.id });
    // The reload renders the draft on the server again (waited for up to the hang guard).
    await expect.poll(() => frameStillMarked(frame)).toBe(false);
    const reloaded = page.frame({ url: (url) => url.origin === SITE_ORIGIN && url.pathname === FIELDNOTES_PATH });
    await expect(reloaded!.getByRole("heading", { level: 1 })).toHaveText(DRAFT_TITLE);
  });
}

/** Fieldnotes in Dutch: its draft translates the title and the summary, not the role. */
const DUTCH_PATH = `/nl${FIELDNOTES_PATH}`;
const DRAFT_TITLE_NL = String(DRAFT.content.title__i18n__nl);
const DRAFT_SUMMARY_NL = String(DRAFT.content.summary__i18n__nl);
const UNTRANSLATED_ROLE = String(DRAFT.content.role);
const PUBLISHED_TITLE_NL = String(
  (JSON.parse(readFileSync(join(process.cwd(), "content/stories/projects/fieldnotes.json"), "utf8")) as typeof DRAFT).content
    .title__i18n__nl,
);

/**
 * A story as the Visual Editor sends it in an `input` event while a language
 * is selected: each field under its plain name holding that language's value,
 * an untranslated one the default language's, and no `__i18n__` keys, as the
 * CDN answers `language=nl`. Storyblok's editor makes this story itself, not
 * the bridge (which only passes the message on): so it fills untranslated
 * fields with the default language even where the page reads a
 * `fallback_lang` (storyblok/monoblok#24), which is why preview-bridge 2.x
 * has a `fallbackLang` option, sent to the editor in its `initialized`
 * message (storyblok/monoblok#306).
 */
function asEditorSendsIt(story: typeof DRAFT, language: string): typeof DRAFT {
  const inLanguage = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inLanguage);
    if (typeof value !== "object" || value === null) return value;
    const node = value as Record<string, unknown>;
    const entries = Object.entries(node).filter(([key]) => !key.includes("__i18n__"));
    return Object.fromEntries(
      entries.map(([key, field]) => {
        const translated = node[`${key}__i18n__${language}`];
        return [key, inLanguage(translated === undefined || translated === "" ? field : translated)];
      }),
    );
  };
  return { ...story, content: inLanguage(story.content) as Record<string, unknown> };
}

async function enterFieldnotesInDutch(page: Page, context: BrowserContext): Promise<Frame> {
  const frame = await openInEditor(page, editorAddress(FIELDNOTES_PATH, DRAFT.id, { language: "nl" }));
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(DRAFT_TITLE_NL);
  await bridgeInitialized(page);
  expect(runs.get(context)?.bridgeRequests).toEqual([BRIDGE_URL]);
  return frame;
}

test("the editor's Dutch opens the Dutch page's draft: translated fields in Dutch, the rest in English, the bridge once", async ({
  page,
  context,
}) => {
  // The story is partly translated: the test would prove nothing about fallback otherwise.
  expect(DRAFT.content).not.toHaveProperty("role__i18n__nl");
  expect(DRAFT_TITLE_NL).not.toBe(PUBLISHED_TITLE_NL);

  const frame = await enterFieldnotesInDutch(page, context);
  expect(new URL(frame.url()).pathname).toBe(DUTCH_PATH);
  const location = await entryResponse(runs.get(context))?.headerValue("location");
  expect(new URL(location ?? "", SITE_ORIGIN).pathname).toBe(DUTCH_PATH);
  await expect(frame.locator("html")).toHaveAttribute("lang", "nl");
  await expect(frame.getByText(DRAFT_SUMMARY_NL)).toBeVisible();
  await expect(frame.locator("dd", { hasText: UNTRANSLATED_ROLE })).toBeVisible();
  expect(await frame.locator("[data-blok-c]").count()).toBeGreaterThan(0);

  // The Dutch draft stays in the editor: the Dutch page, unframed, is the published one.
  const published = await (await context.request.get(`${SITE_ORIGIN}${DUTCH_PATH}`, { headers: { cookie: "" } })).text();
  expect(published).toContain(PUBLISHED_TITLE_NL);
  expect(published).not.toContain(DRAFT_TITLE_NL);
});

test("input in Dutch changes the Dutch page without a navigation; change reloads it, still Dutch and in preview", async ({
  page,
  context,
}) => {
  const frame = await enterFieldnotesInDutch(page, context);
  await markFrame(frame);

  const edited = asEditorSendsIt(DRAFT, "nl");
  const typed = "Fieldnotes: live getypt in de editor";
  await postToSite(page, { action: "input", story: { ...edited, content: { ...edited.content, title: typed } } });
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(typed);
  await expect(frame.getByText(DRAFT_SUMMARY_NL)).toBeVisible();
  await expect(frame.locator("dd", { hasText: UNTRANSLATED_ROLE })).toBeVisible();
  await expect(frame.locator("html")).toHaveAttribute("lang", "nl");
  expect(await frameStillMarked(frame)).toBe(true);
  expect(new URL(frame.url()).pathname).toBe(DUTCH_PATH);

  await postToSite(page, { action: "change", storyId: DRAFT.id });
  // The reload renders the draft on the server again (waited for up to the hang guard).
  await expect.poll(() => frameStillMarked(frame)).toBe(false);
  const reloaded = page.frame({ url: (url) => url.origin === SITE_ORIGIN && url.pathname === DUTCH_PATH });
  expect(reloaded, "the frame is still on the Dutch page").toBeTruthy();
  // The saved draft (the stand-in saves nothing, so the stored one), in Dutch, with the bridge again.
  await expect(reloaded!.getByRole("heading", { level: 1 })).toHaveText(DRAFT_TITLE_NL);
  await expect(reloaded!.locator("html")).toHaveAttribute("lang", "nl");
  expect(await reloaded!.locator("[data-blok-c]").count()).toBeGreaterThan(0);
  await expect.poll(() => runs.get(context)?.bridgeRequests.length).toBe(2);
});

// Not languages of the space: a well-formed code it does not have, and addresses in disguise.
for (const language of ["de", "../x", "nl/../../api"]) {
  test(`_storyblok_lang=${language} opens the default language's draft and goes no further than entry`, async ({ page, context }) => {
    const frame = await openInEditor(page, editorAddress(FIELDNOTES_PATH, DRAFT.id, { language }));
    await expect(frame.getByRole("heading", { level: 1 })).toHaveText(DRAFT_TITLE);
    await expect(frame.locator("html")).toHaveAttribute("lang", "en");
    await bridgeInitialized(page);
    expect(new URL(frame.url()).pathname).toBe(FIELDNOTES_PATH);

    // Entry's redirect names the page it opened and the language it shows, never the value it was given.
    const location = new URL((await entryResponse(runs.get(context))?.headerValue("location")) ?? "", SITE_ORIGIN);
    expect(location.origin).toBe(SITE_ORIGIN);
    expect(location.pathname).toBe(FIELDNOTES_PATH);
    expect(location.searchParams.getAll("_storyblok_lang")).toEqual(["default"]);
    expect(new URL(frame.url()).searchParams.getAll("_storyblok_lang")).toEqual(["default"]);
  });
}

const refused: [string, Token][] = [
  ["forged", { previewToken: "guessed-token" }],
  ["expired", { age: 2 * 60 * 60 }],
  ["other-space", { spaceId: "999999" }],
];

for (const [name, token] of refused) {
  test(`a ${name} token shows published content, never requests the bridge, sets no cookie`, async ({ page, context }) => {
    const frame = await openInEditor(page, editorAddress(FIELDNOTES_PATH, DRAFT.id, token));
    await expect(frame.getByRole("heading", { level: 1 })).toHaveText(PUBLISHED_TITLE);
    const run = runs.get(context);
    expect(entryResponse(run), "the framed request went through entry").toBeDefined();
    expect(await entryResponse(run)?.headerValue("set-cookie")).toBeNull();
    await page.waitForTimeout(300);
    expect(run?.bridgeRequests).toEqual([]);
    expect(await frame.locator("[data-blok-c]").count()).toBe(0);
    expect(await context.cookies()).toEqual([]);
  });
}

test("a valid token outside the editor (not framed) shows published content without the bridge", async ({ page, context }) => {
  await page.goto(editorAddress(FIELDNOTES_PATH, DRAFT.id));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PUBLISHED_TITLE);
  await page.waitForTimeout(300);
  expect(runs.get(context)?.bridgeRequests).toEqual([]);
  expect(await context.cookies()).toEqual([]);
});

test("the token is for the story it names: another story in the same address is published", async ({ page, context }) => {
  const frame = await openInEditor(page, editorAddress(FIELDNOTES_PATH, DRAFT.id + 1));
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(PUBLISHED_TITLE);
  await page.waitForTimeout(300);
  expect(runs.get(context)?.bridgeRequests).toEqual([]);
});

test("exit ends draft mode and returns only to our own paths", async ({ page, context }) => {
  const frame = await enterFieldnotes(page, context);
  // The address the draft was shown at (already checked: it does not go through entry again).
  const draftAddress = frame.url();
  const exit = frame.waitForNavigation();
  await frame.evaluate((path) => location.assign(`/api/preview/exit?path=${encodeURIComponent(path)}`), FIELDNOTES_PATH);
  await exit;
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(PUBLISHED_TITLE);
  await frame.goto(draftAddress);
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(PUBLISHED_TITLE);
  const exitResponse = runs.get(context)?.responses.find((response) => new URL(response.url()).pathname === "/api/preview/exit");
  for (const cookie of (await exitResponse?.headerValues("set-cookie")) ?? []) {
    expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970.*; SameSite=None; Secure; Partitioned$/);
  }

  for (const target of ["//evil.example/", "/\\evil.example", "https://evil.example/", "javascript:alert(1)"]) {
    const response = await context.request.get(`${SITE_ORIGIN}/api/preview/exit?path=${encodeURIComponent(target)}`, { maxRedirects: 0 });
    expect(response.headers().location, target).toBe("/");
  }
});

test("no secret is in the build output sent to browsers", () => {
  const files = [
    ...walk(join(process.cwd(), ".next/static")),
    ...walk(join(process.cwd(), ".next/server/pages")).filter((file) => /\.(html|json)$/.test(file)),
  ];
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const secret of NEVER_SENT) expect(text.includes(secret), `${file} contains a secret`).toBe(false);
  }
});

function walk(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
