/**
 * Every method on every kind of route, against `next start` of the main
 * build: the methods a route exists for are served (never a 405, never a
 * 5xx), every other one is a 405 naming them in `Allow`; each answer carries
 * the security headers, and the server logs no stack for any of them.
 *
 * The methods: HTTP's standard ones, WebDAV's, those the Fetch standard
 * refuses (TRACE, TRACK, CONNECT; Next.js cannot make its proxy's request
 * for them) and a made-up token (Node.js's parser knows neither it nor
 * TRACK). Sent on raw sockets: fetch refuses some of them, and Node.js's
 * http client treats CONNECT as a tunnel.
 *
 * The expected methods are written here, from the routes' documentation
 * (README's code map, docs/security.md), not read from
 * src/http/allowed-methods.ts: a wrong declaration fails here.
 *
 * The server is this file's own (the main build, `next start` as Playwright's
 * is), so the suite can read what it logs and give it a contact store of its
 * own.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startNextServer, type NextServer } from "../support/next-server";
import { rawRequest, type RawAnswer } from "./support/raw-request";
import { previewEnv } from "./fixtures/preview-setup";
import { BROWSERS } from "./support/user-agents";

const STANDARD = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const WEBDAV = ["PROPFIND", "MKCOL", "COPY", "MOVE", "LOCK"];
const FETCH_REFUSED = ["TRACE", "TRACK", "CONNECT"];
const MADE_UP = ["FOOBAR"];
const METHODS = [...STANDARD, ...WEBDAV, ...FETCH_REFUSED, ...MADE_UP];

const PAGE = ["GET", "HEAD"];

/** A file of the build's own, under /_next/static. */
function buildFile(): string {
  const chunks = join(process.cwd(), ".next", "static", "chunks");
  const file = readdirSync(chunks).find((name) => name.endsWith(".js"));
  if (!file) throw new Error(`no script in ${chunks}: build first (scripts/test-all.sh)`);
  return `/_next/static/chunks/${file}`;
}

/** Every kind of route: its path, and the methods it answers. */
const ROUTES: [kind: string, path: string, allowed: string[]][] = [
  ["home", "/", PAGE],
  ["project", "/projects/fieldnotes", PAGE],
  ["project in a folder", "/projects/2024/atlas", PAGE],
  ["Dutch home", "/nl", PAGE],
  ["Dutch project", "/nl/projects/fieldnotes", PAGE],
  ["unknown path", "/no-such-page", PAGE],
  ["unknown project (the page gate)", "/projects/no-such-project", PAGE],
  ["unknown Dutch path", "/nl/projects/no-such-project", PAGE],
  ["editor", "/editor/projects/fieldnotes", PAGE],
  ["contact page (the form without JavaScript posts here)", "/contact", ["GET", "HEAD", "POST"]],
  ["Dutch contact page", "/nl/contact", ["GET", "HEAD", "POST"]],
  ["sitemap", "/sitemap.xml", PAGE],
  ["robots.txt", "/robots.txt", PAGE],
  ["asset in public/", "/assets/og-default.png", PAGE],
  ["favicon in public/", "/favicon.ico", PAGE],
  ["build file", "<build file>", PAGE],
  ["preview entry", "/api/preview", ["GET", "HEAD"]],
  ["preview exit", "/api/preview/exit", ["GET", "HEAD"]],
  ["webhook", "/api/revalidate", ["POST"]],
  ["contact API", "/api/contact", ["POST"]],
  ["contact delivery (a scheduler's)", "/api/contact/deliver", ["GET", "POST"]],
  ["build info", "/api/build-info", ["GET", "HEAD"]],
];

test.describe.configure({ mode: "default" });
test.skip(({ isMobile }) => isMobile, "server behaviour: one viewport is enough");

let site: NextServer;
let storeDir: string;

test.beforeAll(async () => {
  storeDir = mkdtempSync(join(tmpdir(), "methods-"));
  site = await startNextServer({ env: { ...previewEnv(), CONTACT_DB: join(storeDir, "contact.sqlite") } });
});

test.afterAll(async () => {
  await site?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

/** `method path` on a connection of its own, from a person's browser, without a body. */
function ask(method: string, path: string): Promise<RawAnswer> {
  return rawRequest(site.url, method, path, { "User-Agent": BROWSERS["Chrome desktop"] });
}

/** The security headers next.config.ts's headers() put on every answer (as support/security-headers.ts checks them). */
function securityHeaderProblems(headers: Record<string, string>): string[] {
  const csp = headers["content-security-policy"] ?? "";
  return [
    /object-src 'none'/.test(csp) ? "" : "Content-Security-Policy without object-src 'none'",
    /frame-ancestors '(self|none)'/.test(csp) ? "" : "Content-Security-Policy without frame-ancestors",
    headers["x-content-type-options"] === "nosniff" ? "" : "no X-Content-Type-Options: nosniff",
    headers["referrer-policy"] ? "" : "no Referrer-Policy",
  ].filter(Boolean);
}

test(`the matrix: ${ROUTES.length} routes × ${METHODS.length} methods`, () => {
  // The size the closing note of the issue gives; a route or method added above changes it.
  expect(ROUTES.length * METHODS.length).toBe(352);
});

for (const [kind, route, allowed] of ROUTES) {
  test(`${kind} (${route}): ${allowed.join(", ")} served, every other method 405, headers on each, no stack`, async () => {
    const path = route === "<build file>" ? buildFile() : route;
    const logged = site.output().length;
    const problems: string[] = [];
    for (const method of METHODS) {
      const answer = await ask(method, path);
      const label = `${method} ${path}: ${answer.status}${answer.headers.allow ? ` (Allow: ${answer.headers.allow})` : ""}`;
      if (answer.status >= 500) problems.push(`${label}: a server error`);
      if (allowed.includes(method)) {
        // The route's own answer, whatever it is (a body-less post is a 400 form error, or 401 without the secret).
        if (answer.status === 405) problems.push(`${label}: refused, but the route answers ${method}`);
      } else {
        if (answer.status !== 405) problems.push(`${label}: not 405`);
        if (answer.headers.allow !== allowed.join(", ")) problems.push(`${label}: Allow should be ${allowed.join(", ")}`);
      }
      problems.push(...securityHeaderProblems(answer.headers).map((problem) => `${label}: ${problem}`));
    }
    expect(problems).toEqual([]);
    // Whatever a refused method's answer is, it leaves no stack and no error in the log.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = site.output().slice(logged);
    expect(log, "no stack trace in the log").not.toMatch(/^\s+at /m);
    expect(log).not.toMatch(/⨯|Error:/);
  });
}

test("what a refused method is answered with: the reason, in a few bytes", async () => {
  for (const [method, path] of [
    ["TRACE", "/projects/fieldnotes"],
    ["POST", "/projects/no-such-project"],
    ["OPTIONS", "/sitemap.xml"],
    ["PUT", "/sitemap.xml"],
    ["DELETE", "/api/revalidate"],
  ] as const) {
    const answer = await ask(method, path);
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.body, `${method} ${path}`).toMatch(/Method Not Allowed|Use POST/);
  }
});
