/**
 * The site as an attacker tries it: one block per class of attack, each in
 * several encodings and spellings, against `next start` of the production
 * build with preview, webhooks and the contact store configured. The last
 * blocks hold what already held when the site was first attacked, so a later
 * change cannot quietly undo it. Every body received is searched for the
 * draft-only text at the end.
 *
 * The server is this file's own (not Playwright's shared one), so the suite
 * can read what it logs and give it a contact store of its own.
 */
import { createHash, createHmac } from "node:crypto";
import { connect } from "node:net";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { BODY_IDLE_MS } from "../../src/http/read-body";
import { storyWebhookPayload } from "../../src/publishing/send-webhook";
import { sendSettled } from "./support/settled-webhook";
import { startNextServer, type NextServer } from "../support/next-server";
import { previewEnv } from "./fixtures/preview-setup";
import { expectSecurityHeaders } from "./support/security-headers";
import { BROWSERS } from "./support/user-agents";

const SECRETS = previewEnv();
const DRAFT = JSON.parse(readFileSync(join(process.cwd(), "content/drafts/projects/fieldnotes.json"), "utf8")) as {
  id: number;
  uuid: string;
};
const PUBLISHED = JSON.parse(readFileSync(join(process.cwd(), "content/stories/projects/fieldnotes.json"), "utf8")) as {
  content: { title: string };
};
/** What only the draft of Fieldnotes says: no anonymous response may contain it. */
const DRAFT_ONLY = "now with shared plots";
const FIELDNOTES = "/projects/fieldnotes";
const TIDEWATER = JSON.parse(readFileSync(join(process.cwd(), "content/stories/projects/tidewater.json"), "utf8")) as {
  id: number;
  uuid: string;
};
const CHROME = { "user-agent": BROWSERS["Chrome desktop"] };
const SITE_FOREIGN_HOST = "evil.example";

test.describe.configure({ mode: "default" });
test.skip(({ isMobile }) => isMobile, "server behaviour: one viewport is enough");

let site: NextServer;
let storeDir: string;
/** Every response body this suite read without a draft session, for the final search. */
const anonymousBodies: { label: string; text: string }[] = [];

test.beforeAll(async () => {
  storeDir = mkdtempSync(join(tmpdir(), "attacks-"));
  site = await startNextServer({ env: { ...SECRETS, CONTACT_DB: join(storeDir, "contact.sqlite") } });
});

test.afterAll(async () => {
  await site?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

/** A request without any draft session; its body is kept for the draft-text search. */
async function anonymous(request: APIRequestContext, path: string, headers: Record<string, string> = {}): Promise<APIResponse> {
  const response = await request.get(`${site.url}${path}`, { headers: { ...CHROME, ...headers }, maxRedirects: 0 });
  anonymousBodies.push({ label: path, text: await response.text() });
  return response;
}

function buildId(): string {
  return readFileSync(join(process.cwd(), ".next", "BUILD_ID"), "utf8").trim();
}

/** The editor's address for a story, with a token made as Storyblok makes it (sha1 of space:token:timestamp). */
function editorQuery(
  storyId: number | string,
  { age = 5, spaceId = SECRETS.STORYBLOK_SPACE_ID ?? "", token }: { age?: number; spaceId?: string; token?: string } = {},
): string {
  const timestamp = String(Math.floor(Date.now() / 1000) - age);
  const made = createHash("sha1").update(`${spaceId}:${SECRETS.STORYBLOK_PREVIEW_TOKEN}:${timestamp}`).digest("hex");
  const query = new URLSearchParams({
    _storyblok: String(storyId),
    "_storyblok_tk[space_id]": spaceId,
    "_storyblok_tk[timestamp]": timestamp,
    "_storyblok_tk[token]": token ?? made,
  });
  return query.toString();
}

const FRAMED = { "sec-fetch-dest": "iframe", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" };

/** Goes through preview entry as the editor's frame does; returns the draft-mode cookies it set, as one Cookie header (empty when none). */
async function enterPreview(request: APIRequestContext, path: string, query: string): Promise<string> {
  const framed = await request.get(`${site.url}${path}?${query}`, { headers: { ...CHROME, ...FRAMED }, maxRedirects: 0 });
  expect(framed.status()).toBe(307);
  const entry = await request.get(new URL(framed.headers().location ?? "", site.url).href, {
    headers: { ...CHROME, ...FRAMED },
    maxRedirects: 0,
  });
  expect(entry.status()).toBe(307);
  return entry
    .headersArray()
    .filter(({ name }) => name.toLowerCase() === "set-cookie")
    .map(({ value }) => value.split(";")[0])
    .join("; ");
}

/** The script-src of a response's policy. */
function scriptSources(response: APIResponse): string[] {
  const directive = (response.headers()["content-security-policy"] ?? "").split(";").find((part) => part.trim().startsWith("script-src"));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

const BRIDGE_ORIGIN = new URL(SECRETS.STORYBLOK_BRIDGE_URL ?? "https://app.storyblok.com").origin;

// ── 1. Drafts reach only the editor ─────────────────────────────────────────

/** Ways to smuggle query parameters (or path tricks) into the content API call through a slug. */
const SMUGGLED = [
  "%3Fversion%3Ddraft%26r%3D1",
  "%3fversion%3ddraft",
  "%3FVERSION%3DDRAFT",
  "%3Fversion=draft",
  "%23version%3Ddraft",
  "%3Bversion%3Ddraft",
  "%26version%3Ddraft",
  "%3Dx%26version%3Ddraft",
  "%253Fversion%253Ddraft",
  "%25253Fversion%25253Ddraft",
  "%3Ftoken%3Dlocal-preview%26version%3Ddraft",
  "%2F..%2F..%2Fprojects%2Ffieldnotes%3Fversion%3Ddraft",
  "%00%3Fversion%3Ddraft",
  "%20%3Fversion%3Ddraft",
];

test.describe("drafts reach only the editor", () => {
  for (const suffix of SMUGGLED) {
    // The slug cannot be a Storyblok slug: a 404 before any content request,
    // so nothing but the published "not found" can be cached for it.
    test(`${FIELDNOTES}${suffix}: 404, never the draft`, async ({ request }) => {
      const response = await anonymous(request, `${FIELDNOTES}${suffix}`);
      expect(response.status()).toBe(404);
      expect(await response.text()).not.toContain(DRAFT_ONLY);
    });
  }

  test("the same spellings through /_next/data: 404, never the draft", async ({ request }) => {
    for (const suffix of SMUGGLED) {
      const response = await anonymous(request, `/_next/data/${buildId()}${FIELDNOTES}${suffix}.json`);
      expect(response.status(), suffix).toBe(404);
      expect(await response.text(), suffix).not.toContain(DRAFT_ONLY);
    }
  });

  test("query parameters on the page itself change nothing: the published page", async ({ request }) => {
    for (const query of ["?version=draft", "?_storyblok_version=draft", "?token=local-preview&version=draft", "?_storyblok=1"]) {
      const response = await anonymous(request, `${FIELDNOTES}${query}`);
      expect(response.status(), query).toBe(200);
      const html = await response.text();
      expect(html, query).toContain(PUBLISHED.content.title);
      expect(html, query).not.toContain(DRAFT_ONLY);
    }
  });

  test("no smuggled path was written to the page cache", () => {
    const written = readdirSync(join(process.cwd(), ".next", "server", "pages", "projects"), { recursive: true }).map(String);
    expect(written.filter((name) => /version|draft|%|\?|#|;|&/i.test(name))).toEqual([]);
  });

  test("a forged draft-mode cookie gets the published page with the published policy", async ({ request }) => {
    for (const path of ["/", FIELDNOTES, "/projects/2024/atlas"]) {
      for (const cookie of ["__prerender_bypass=forged", "__prerender_bypass=forged; __next_preview_data=forged"]) {
        const response = await anonymous(request, path, { cookie });
        expect(response.status(), `${path} ${cookie}`).toBe(200);
        expect(scriptSources(response), `${path} ${cookie}`).not.toContain(BRIDGE_ORIGIN);
        expect(await response.text()).not.toContain(DRAFT_ONLY);
      }
    }
  });

  test("a real draft session: the draft and the preview policy in the editor's frame only, never cacheable", async ({ request }) => {
    const cookies = await enterPreview(request, FIELDNOTES, editorQuery(DRAFT.id));
    expect(cookies).toContain("__prerender_bypass=");

    const inEditor = await request.get(`${site.url}${FIELDNOTES}?${editorQuery(DRAFT.id)}&_preview_checked=1`, {
      headers: { ...CHROME, ...FRAMED, cookie: cookies },
      maxRedirects: 0,
    });
    expect(await inEditor.text()).toContain(DRAFT_ONLY);
    expect(inEditor.headers()["cache-control"]).toMatch(/private/);
    expect(inEditor.headers()["cache-control"]).toMatch(/no-store/);
    expect(scriptSources(inEditor)).toContain(BRIDGE_ORIGIN);

    // The cookies copied out of the frame (another tab, curl): published, public policy.
    for (const [label, headers] of [
      ["unframed", { cookie: cookies }],
      ["framed without _storyblok", { ...FRAMED, cookie: cookies }],
    ] as const) {
      const response = await request.get(`${site.url}${FIELDNOTES}`, { headers: { ...CHROME, ...headers }, maxRedirects: 0 });
      const html = await response.text();
      expect(html, label).toContain(PUBLISHED.content.title);
      expect(html, label).not.toContain(DRAFT_ONLY);
      expect(scriptSources(response), label).not.toContain(BRIDGE_ORIGIN);
    }
    const data = await request.get(`${site.url}/_next/data/${buildId()}${FIELDNOTES}.json`, { headers: { ...CHROME, cookie: cookies } });
    expect(await data.text()).not.toContain(DRAFT_ONLY);
  });
});

// ── 2. Preview entry is bound to the editor's story ─────────────────────────

test.describe("preview entry", () => {
  const refused: [string, string, string][] = [
    ["another story's id on this page", FIELDNOTES, editorQuery(TIDEWATER.id)],
    ["this story's id on another page", "/projects/tidewater", editorQuery(DRAFT.id)],
    ["this story's id on the home page", "/", editorQuery(DRAFT.id)],
    ["a token from the future", FIELDNOTES, editorQuery(DRAFT.id, { age: -3600 })],
    ["an expired token", FIELDNOTES, editorQuery(DRAFT.id, { age: 2 * 3600 })],
    ["another space's token", FIELDNOTES, editorQuery(DRAFT.id, { spaceId: "999999" })],
    ["a forged token", FIELDNOTES, editorQuery(DRAFT.id, { token: "0".repeat(40) })],
    ["a truncated token", FIELDNOTES, editorQuery(DRAFT.id).replace(/(_storyblok_tk%5Btoken%5D=)([0-9a-f]{20})[0-9a-f]+/, "$1$2")],
    ["a zero-padded story id", FIELDNOTES, editorQuery(`0${DRAFT.id}`)],
  ];
  for (const [name, path, query] of refused) {
    test(`refuses ${name}: no draft-mode cookie, the published page`, async ({ request }) => {
      expect(await enterPreview(request, path, query)).toBe("");
    });
  }

  test("the relations route answers drafts only to the editor's page", async ({ request }) => {
    const cookies = await enterPreview(request, FIELDNOTES, editorQuery(DRAFT.id));
    const relations = (query: string, headers: Record<string, string>) =>
      request.get(`${site.url}/api/preview/relations?${query}`, { headers: { ...CHROME, cookie: cookies, ...headers } });
    const fromPage = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" };
    expect((await relations(`uuids=${TIDEWATER.uuid}&_storyblok=${DRAFT.id}`, fromPage)).status()).toBe(200);
    // Copied cookies: another tool, another site's page, another story, a navigation.
    expect((await relations(`uuids=${TIDEWATER.uuid}&_storyblok=${DRAFT.id}`, {})).status()).toBe(403);
    expect(
      (await relations(`uuids=${TIDEWATER.uuid}&_storyblok=${DRAFT.id}`, { ...fromPage, "sec-fetch-site": "cross-site" })).status(),
    ).toBe(403);
    expect((await relations(`uuids=${TIDEWATER.uuid}&_storyblok=${TIDEWATER.id}`, fromPage)).status()).toBe(403);
    expect(
      (await relations(`uuids=${TIDEWATER.uuid}&_storyblok=${DRAFT.id}`, { ...fromPage, "sec-fetch-mode": "navigate" })).status(),
    ).toBe(403);
    expect((await relations(`uuids=${DRAFT.uuid}`, fromPage)).status()).toBe(403);
  });
});

// ── 3. Redirects stay on the site ───────────────────────────────────────────

/** Targets that are, or normalise to, another site; each must come back as one of our own paths. */
const OFF_SITE = [
  "/..//evil.example/phish",
  "/.././/evil.example",
  "/a/../..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "https://evil.example",
  "HTTPS://EVIL.EXAMPLE",
  "https:evil.example",
  "javascript:alert(1)",
  "//evil.example@site/",
  "/%5C%5Cevil.example",
];

function expectOwnLocation(response: APIResponse, label: string): void {
  const location = response.headers().location ?? "";
  expect(location, label).not.toBe("");
  expect(new URL(location, site.url).origin, `${label} -> ${location}`).toBe(new URL(site.url).origin);
  expect(location, label).not.toMatch(/^[/\\]{2}|^[a-z][a-z0-9+.-]*:/i);
}

test.describe("redirects stay on the site", () => {
  test("preview exit, for every spelling of another site", async ({ request }) => {
    for (const target of OFF_SITE) {
      const response = await request.get(`${site.url}/api/preview/exit?path=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      expect(response.status(), target).toBe(307);
      expectOwnLocation(response, target);
    }
  });

  test("preview entry, for every spelling of another site", async ({ request }) => {
    for (const target of OFF_SITE) {
      const response = await request.get(`${site.url}/api/preview?path=${encodeURIComponent(target)}&${editorQuery(DRAFT.id)}`, {
        headers: FRAMED,
        maxRedirects: 0,
      });
      expect(response.status(), target).toBe(307);
      expectOwnLocation(response, target);
    }
  });

  test("the trailing-slash redirect", async ({ request }) => {
    for (const path of [
      "/projects/fieldnotes/",
      "/%5Cevil.example/",
      "/%2F%2Fevil.example/",
      "/.%2e/%2Fevil.example/",
      "/projects/2024/atlas/",
      "/robots.txt/",
    ]) {
      const response = await request.get(`${site.url}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(308);
      expectOwnLocation(response, path);
      expectSecurityHeaders(response, path);
    }
  });

  // Next.js answers repeated slashes itself (`//x` -> `/x`) before any step it
  // lets an app configure, so this one redirect has no policy (a redirect is
  // never rendered); it must still stay on the site.
  test("Next.js's own repeated-slash redirect", async ({ request }) => {
    for (const path of ["//evil.example/", "//evil.example/phish", "/projects//fieldnotes", "///evil.example"]) {
      const response = await request.get(`${site.url}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(308);
      expectOwnLocation(response, path);
    }
  });

  test("followed in Chromium, every redirect ends on the site", async ({ sharedPage: page }) => {
    const offSite: string[] = [];
    await page.route(
      (url) => url.hostname.endsWith(SITE_FOREIGN_HOST),
      async (route) => {
        offSite.push(route.request().url());
        await route.abort();
      },
    );
    const starts = [
      ...OFF_SITE.map((target) => `/api/preview/exit?path=${encodeURIComponent(target)}`),
      "/%5Cevil.example/",
      "/%2F%2Fevil.example/",
    ];
    for (const start of starts) {
      await page.goto(`${site.url}${start}`, { waitUntil: "commit" }).catch(() => undefined);
      expect(new URL(page.url()).origin, start).toBe(new URL(site.url).origin);
    }
    expect(offSite).toEqual([]);
  });
});

// ── 4. Malformed paths: 400 or 404 with the headers, never 500, one line in the log ──

const MALFORMED = [
  "/projects/%",
  "/projects/%25",
  "/projects/%E0%A4%A",
  "/projects/fieldnotes%23x",
  "/projects/%C0%AF",
  "/projects/%FF",
  "/%",
  "/projects/a%2",
  "/projects/%uD800",
  `/projects/${"a".repeat(3000)}`,
];

test.describe("malformed paths", () => {
  for (const path of MALFORMED) {
    test(`${path.slice(0, 40)}: 400 or 404, with the security headers, never a 500 or a stack`, async ({ request }) => {
      const logged = site.output().length;
      for (const headers of [CHROME, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }]) {
        const response = await anonymous(request, path, headers);
        expect([400, 404], `${path} ${headers["user-agent"]}`).toContain(response.status());
        expectSecurityHeaders(response, path);
      }
      const data = await anonymous(request, `/_next/data/${buildId()}${path}.json`);
      expect([400, 404]).toContain(data.status());
      await new Promise((resolve) => setTimeout(resolve, 200));
      const log = site.output().slice(logged);
      expect(log, "no stack trace in the log").not.toMatch(/^\s+at /m);
      expect(log).not.toMatch(/⨯|Error:/);
    });
  }
});

// ── 5. Every status code the site answers carries the security headers ─────

test.describe("every status code carries the security headers", () => {
  test("200, 307, 308, 400, 401, 403, 404, 405, 413, 422 and static files, for people and bots", async ({ request }) => {
    const seen = new Map<number, string>();
    const check = async (label: string, response: APIResponse) => {
      expectSecurityHeaders(response, label);
      seen.set(response.status(), label);
    };
    const bot = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };
    for (const headers of [CHROME, bot]) {
      const who = headers === bot ? "bot" : "person";
      await check(`${who} /`, await anonymous(request, "/", headers));
      await check(`${who} 404`, await anonymous(request, "/no-such-page", headers));
      await check(`${who} project 404`, await anonymous(request, "/projects/no-such-project", headers));
      await check(`${who} 400`, await anonymous(request, "/projects/%", headers));
    }
    await check("exit 307", await request.get(`${site.url}/api/preview/exit`, { maxRedirects: 0 }));
    await check("308", await request.get(`${site.url}/projects/fieldnotes/`, { maxRedirects: 0 }));
    await check(
      "webhook 401",
      await request.post(`${site.url}/api/revalidate`, { data: "{}", headers: { "content-type": "application/json" } }),
    );
    await check("relations 403", await request.get(`${site.url}/api/preview/relations?uuids=x`));
    await check("page 405", await request.post(`${site.url}/`, { data: "x" }));
    await check("api 405", await request.get(`${site.url}/api/contact`));
    await check(
      "contact 413",
      await request.post(`${site.url}/api/contact`, {
        data: JSON.stringify({ message: "x".repeat(70_000) }),
        headers: { "content-type": "application/json" },
      }),
    );
    await check("contact 422", await request.post(`${site.url}/api/contact`, { data: { name: "" } }));
    await check("robots 200", await request.get(`${site.url}/robots.txt`));
    await check("static 404", await request.get(`${site.url}/_next/static/no-such-file.js`));
    await check("asset 404", await request.get(`${site.url}/assets/no-such-file.png`));
    await check("favicon 200", await request.get(`${site.url}/favicon.ico`));
    await check(
      "contact 403",
      await request.post(`${site.url}/api/contact`, {
        data: MESSAGE,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
      }),
    );
    expect([...seen.keys()].sort()).toEqual([200, 307, 308, 400, 401, 403, 404, 405, 413, 422]);
  });
});

// ── 6. Contact posts and webhooks ───────────────────────────────────────────

/** A valid message, form-encoded as the no-JavaScript form sends it. */
const MESSAGE = "name=Quirinus+Vos&email=quirinus%40example.com&message=A+message+long+enough+to+be+accepted.&consent=on";

/**
 * Sends a request's head and the first bytes of its body, then nothing:
 * the status line the server answers with, and how long it took.
 */
const STALL_HANG_GUARD_MS = 60_000;
function stallBody(path: string, headers: Record<string, string>): Promise<{ statusLine: string; seconds: number; headers: string }> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname, () => {
      const head = Object.entries({ host: `${hostname}:${port}`, "content-length": "1000", ...headers }).map(
        ([name, value]) => `${name}: ${value}`,
      );
      socket.write(`POST ${path} HTTP/1.1\r\n${head.join("\r\n")}\r\n\r\n{`);
    });
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => {
      const [statusLine = "", ...lines] = answer.split("\r\n\r\n")[0]?.split("\r\n") ?? [];
      resolve({ statusLine, seconds: (Date.now() - started) / 1000, headers: lines.join("\n").toLowerCase() });
    });
    socket.on("error", reject);
    // A hang guard (12 times the 5 s idle limit), not a limit of the test: the answer is waited for.
    socket.setTimeout(STALL_HANG_GUARD_MS, () => socket.destroy(new Error(`hang guard: no answer within ${STALL_HANG_GUARD_MS / 1000} s`)));
  });
}

test.describe("contact posts and webhooks", () => {
  const crossSite: [string, Record<string, string>][] = [
    ["another site's Origin", { origin: `https://${SITE_FOREIGN_HOST}`, "sec-fetch-site": "cross-site" }],
    ["another site's Origin without fetch metadata", { origin: `https://${SITE_FOREIGN_HOST}` }],
    ["Origin: null", { origin: "null" }],
    ["a sibling subdomain", { "sec-fetch-site": "same-site" }],
    ["the site's host with another port", { origin: "http://127.0.0.1:1" }],
  ];
  for (const [name, headers] of crossSite) {
    test(`refuses a post from ${name}, with and without JavaScript`, async ({ request }) => {
      const form = { "content-type": "application/x-www-form-urlencoded", ...CHROME, ...headers };
      const api = await request.post(`${site.url}/api/contact`, { data: MESSAGE, headers: form });
      expect(api.status()).toBe(403);
      expectSecurityHeaders(api, "api 403");
      const page = await request.post(`${site.url}/contact`, { data: MESSAGE, headers: form });
      expect(page.status()).toBe(403);
      expect(await page.text()).not.toContain("Quirinus");
    });
  }

  test("the site's own no-JavaScript post is accepted", async ({ request }) => {
    const response = await request.post(`${site.url}/contact`, {
      data: MESSAGE,
      headers: { "content-type": "application/x-www-form-urlencoded", ...CHROME, origin: site.url, "sec-fetch-site": "same-origin" },
    });
    expect(response.status()).toBe(200);
  });

  test("a body that stops is answered 408 at the idle limit, with the headers", async () => {
    for (const path of ["/api/revalidate", "/api/contact"]) {
      const answer = await stallBody(path, { "content-type": "application/json" });
      // 408 is the reader's idle limit (Node's own limits would close without it, minutes later); not before it.
      expect(answer.statusLine, path).toMatch(/^HTTP\/1\.1 408/);
      expect(answer.seconds, path).toBeGreaterThanOrEqual((BODY_IDLE_MS - 10) / 1000);
      expect(answer.headers, path).toContain("x-content-type-options: nosniff");
    }
  });

  test("a replayed webhook renders nothing", async () => {
    const payload = storyWebhookPayload("published", TIDEWATER.id, "projects/tidewater");
    const secret = SECRETS.STORYBLOK_WEBHOOK_SECRET ?? "";
    // Answered 200, or 202 on a busy machine: either way its batch has ended before the replays.
    const first = await sendSettled(site.url, payload, secret, () => site.output());
    expect(first.failed).toEqual([]);
    if (first.revalidated) expect(first.revalidated.length).toBeGreaterThan(0);
    for (let replay = 0; replay < 3; replay += 1) {
      const again = await sendSettled(site.url, payload, secret, () => site.output());
      expect(again.refreshed).toBe(0);
      if (again.status === 200) expect(again.body).toMatchObject({ duplicate: true, revalidated: [] });
      else expect(site.output()).toContain(`published story ${TIDEWATER.id}: the same payload was processed`);
    }
  });
});

// ── 7. What held before, kept holding ───────────────────────────────────────

test.describe("what held before", () => {
  test("spoofed forwarding headers move no redirect or link off the site", async ({ request }) => {
    const spoofed = {
      "x-forwarded-host": SITE_FOREIGN_HOST,
      "x-forwarded-proto": "https",
      host: SITE_FOREIGN_HOST,
      forwarded: `host=${SITE_FOREIGN_HOST}`,
    };
    const exit = await request.get(`${site.url}/api/preview/exit?path=/projects/fieldnotes`, { headers: spoofed, maxRedirects: 0 });
    expect(exit.headers().location).toBe("/projects/fieldnotes");
    const page = await anonymous(request, "/", spoofed);
    expect(await page.text()).not.toContain(SITE_FOREIGN_HOST);
  });

  test("prototype keys in a contact post break nothing", async ({ request }) => {
    for (const body of [
      '{"__proto__":{"polluted":1},"name":"x"}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      "__proto__[polluted]=1&name=x",
    ]) {
      const type = body.startsWith("{") ? "application/json" : "application/x-www-form-urlencoded";
      const response = await request.post(`${site.url}/api/contact`, { data: body, headers: { "content-type": type } });
      expect(response.status(), body).toBe(422);
    }
    expect((await request.get(`${site.url}/`)).status()).toBe(200);
  });

  test("a body over the limit is refused whether or not it declares its length", async ({ request }) => {
    const big = JSON.stringify({ name: "x", message: "y".repeat(70_000) });
    expect((await request.post(`${site.url}/api/contact`, { data: big, headers: { "content-type": "application/json" } })).status()).toBe(
      413,
    );
    const secret = SECRETS.STORYBLOK_WEBHOOK_SECRET ?? "";
    const webhook = JSON.stringify({ action: "published", story_id: 1, text: "z".repeat(2 * 1024 * 1024) });
    const signature = createHmac("sha1", secret).update(webhook).digest("hex");
    const response = await request.post(`${site.url}/api/revalidate`, {
      data: webhook,
      headers: { "content-type": "application/json", "webhook-signature": signature },
    });
    expect(response.status()).toBe(413);
  });

  test("200 requests at once: every one answered, none with a 5xx", async ({ request }) => {
    const paths = [
      "/",
      FIELDNOTES,
      "/projects/2024/atlas",
      "/projects/nope",
      `${FIELDNOTES}%3Fversion%3Ddraft`,
      "/robots.txt",
      "/sitemap.xml",
      "/projects/%25",
    ];
    const responses = await Promise.all(Array.from({ length: 200 }, (_, index) => anonymous(request, paths[index % paths.length] ?? "/")));
    const statuses = responses.map((response) => response.status());
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});

// ── Last: nothing any anonymous request received held draft-only text ───────

test("no anonymous response of this suite contained draft-only text", () => {
  expect(anonymousBodies.length).toBeGreaterThan(100);
  expect(anonymousBodies.filter(({ text }) => text.includes(DRAFT_ONLY)).map(({ label }) => label)).toEqual([]);
});
