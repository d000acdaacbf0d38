/**
 * The contact form's security rules end to end, short of Next.js itself: the
 * real API handler and the real /contact page (getServerSideProps, then the
 * page rendered to HTML) behind a plain node:http server, the embedded
 * content's form, the SQLite store in a temporary folder and a real SMTP
 * server on loopback. CONTACT_TRUST_PROXY=1, so each case picks its sender
 * with X-Forwarded-For, as a proxy would.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { messageText } from "../../../src/contact/server/mailer";
import type { StoredMessage } from "../../../src/contact/server/store/message-store";
import { contactRuntime } from "../../../src/contact/server/runtime";
import { STATUS_TEXT } from "../../../src/contact/rules/contact-status";
import { beforeHangGuard, HANG_GUARD_MS } from "../../support/hang-guard";
import { startLoopbackSmtp, type LoopbackSmtp, type ReceivedMail } from "../../support/loopback-smtp";
import { callApi, callPage } from "./support/contact-routes";

let dir: string;
let smtp: LoopbackSmtp;
let server: Server;
let base: string;
let host: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "contact-post-"));
  smtp = await startLoopbackSmtp();
  vi.stubEnv("CONTACT_DB", join(dir, "contact.sqlite"));
  vi.stubEnv("SMTP_URL", smtp.url);
  vi.stubEnv("CONTACT_TRUST_PROXY", "1");
  vi.stubEnv("CONTACT_RATE_LIMIT", "5/600");
  vi.stubEnv("CONTACT_TO", "owner@example.com");
  // The runtime is one per process and reads the environment once: it must be this file's.
  expect(contactRuntime().config.store).toEqual({ kind: "sqlite", path: join(dir, "contact.sqlite") });

  server = createServer((request, response) => {
    const handle = request.url?.startsWith("/api/contact") ? callApi : callPage;
    handle(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("no port");
  host = `127.0.0.1:${address.port}`;
  base = `http://${host}`;
});

afterAll(async () => {
  await contactRuntime().close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await smtp.stop();
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const VALID = { name: "Femke de Wit", email: "femke@example.com", message: "A message long enough for the rules.", consent: "yes" };
const stored = async (): Promise<StoredMessage[]> => (await contactRuntime().store()).list();

function postJson(path: string, body: unknown, headers: Record<string, string>) {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The headers a browser adds to a post from this site's own page. */
const sameOrigin = () => ({ origin: base, "sec-fetch-site": "same-origin" });

describe("the rate limit counts an IPv6 /64 as one sender, over HTTP behind a proxy", () => {
  it.each<[string, string[]]>([
    [
      "six addresses of one /64",
      [
        "2001:db8:a:1::1",
        "2001:db8:a:1::2",
        "2001:db8:a:1:ffff::3",
        "2001:0db8:000a:0001::4",
        "2001:DB8:A:1:AAAA:BBBB:CCCC:DDDD",
        "2001:db8:a:1::6",
      ],
    ],
    [
      "an IPv4 address, then its IPv4-mapped spellings",
      ["203.0.113.50", "203.0.113.50", "203.0.113.50", "::ffff:203.0.113.50", "::FFFF:CB00:7132", "[::ffff:203.0.113.50]:443"],
    ],
    [
      "one /64, with the client's forged entries first",
      [
        "198.51.100.1, 2001:db8:b:1::1",
        "2001:db8:b:1::2",
        "1.1.1.1, 2001:db8:b:1::3",
        "2001:db8:b:1::4",
        "2001:db8:b:1::5%eth0",
        "9.9.9.9,2001:db8:b:1::6",
      ],
    ],
  ])("%s: five accepted, the sixth 429", async (_name, senders) => {
    const statuses: number[] = [];
    for (const sender of senders) statuses.push((await postJson("/api/contact", VALID, { "x-forwarded-for": sender })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("the next /64 is another sender", async () => {
    for (let i = 1; i <= 5; i += 1) await postJson("/api/contact", VALID, { "x-forwarded-for": `2001:db8:c:1::${i}` });
    expect((await postJson("/api/contact", VALID, { "x-forwarded-for": "2001:db8:c:1::99" })).status).toBe(429);
    expect((await postJson("/api/contact", VALID, { "x-forwarded-for": "2001:db8:c:2::1" })).status).toBe(200);
  });

  it("an unparseable forwarded address is counted as given, not a crash", async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await postJson("/api/contact", VALID, { "x-forwarded-for": "unknown" })).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("a post from another site's page is refused", () => {
  it.each<[string, Record<string, string>]>([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["another site's Origin, Sec-Fetch-Site: cross-site", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: cross-site alone", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { origin: "https://blog.example", "sec-fetch-site": "same-site" }],
    ["Origin: null", { origin: "null" }],
    ["this host on another port", { origin: "http://127.0.0.1:1" }],
    ["a look-alike host", { origin: `http://${host}.evil.example` }],
  ])("POST /api/contact with %s: 403 JSON, nothing stored, one log line without an address", async (_name, headers) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = (await stored()).length;
    const response = await postJson("/api/contact", VALID, { ...headers, "x-forwarded-for": "192.0.2.77" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      ok: false,
      error: "Posts from other sites are refused: send the form from this site's own pages.",
    });
    expect(await stored()).toHaveLength(before);
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toMatch(/^contact: refused a post from another site: (Sec-Fetch-Site|Origin) /);
    expect(line).not.toContain("192.0.2.77");
    expect(line).not.toContain("127.0.0.1:0");
  });

  it.each<[string, Record<string, string>]>([
    ["another site's Origin", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    ["Origin: null", { origin: "null", "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { origin: "https://blog.example", "sec-fetch-site": "same-site" }],
  ])("a form post to /contact with %s: 403 and the reason in the page, nothing of the post shown back", async (_name, headers) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = (await stored()).length;
    const forged = { ...VALID, name: "Forged Offer Name", message: "Text that another site wrote for the visitor." };
    const response = await postForm("/contact", forged, { ...headers, "x-forwarded-for": "192.0.2.78" });
    expect(response.status).toBe(403);
    const html = await response.text();
    // Once in the page's message and once in the form's status line.
    expect(html.split(escapeHtml(STATUS_TEXT.refused))).toHaveLength(3);
    expect(html).not.toContain("Forged Offer Name");
    expect(html).not.toContain("another site wrote");
    expect(await stored()).toHaveLength(before);
  });

  it("a refused post's body is not waited for: the 403 comes at once and the connection closes", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { status, closed } = await new Promise<{ status: number; closed: Promise<void> }>((resolve, reject) => {
      const request = httpRequest(`${base}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example", "transfer-encoding": "chunked" },
      });
      request.on("error", () => {});
      request.on("response", (response) => {
        const closed = new Promise<void>((done) => request.socket?.once("close", () => done()));
        response.resume();
        resolve({ status: response.statusCode ?? 0, closed });
      });
      request.on("timeout", () => reject(new Error("no answer")));
      // A body that never ends: a server reading it would never answer.
      request.write(`{"name":"${"x".repeat(1000)}`);
    });
    expect(status).toBe(403);
    // The body never ends, so only a server that stopped waiting for it answers and closes (how soon is no test's to say).
    await beforeHangGuard(closed, "the server closing the connection");
  });

  it("the site's own posts go on: the script's JSON, the no-JavaScript form post, and clients without either header", async () => {
    const before = (await stored()).length;
    expect((await postJson("/api/contact", VALID, { ...sameOrigin(), "x-forwarded-for": "192.0.2.80" })).status).toBe(200);
    const form = await postForm("/contact", VALID, { ...sameOrigin(), "x-forwarded-for": "192.0.2.81" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/contact?sent=1#contact");
    expect((await postJson("/api/contact", VALID, { "sec-fetch-site": "none", "x-forwarded-for": "192.0.2.82" })).status).toBe(200);
    expect((await postJson("/api/contact", VALID, { "x-forwarded-for": "192.0.2.83" })).status).toBe(200);
    expect(await stored()).toHaveLength(before + 4);
  });
});

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) back to text; adjacent words join without their space. */
function decodeHeader(value: string): string {
  const words = /=\?utf-8\?([qb])\?([^?]*)\?=/gi;
  return value.replace(/\?=\s+=\?/g, "?==?").replace(new RegExp(`(?:${words.source})+`, "gi"), (run) => {
    const bytes: number[] = [];
    for (const [, encoding, text = ""] of run.matchAll(words)) {
      if (encoding?.toLowerCase() === "b") bytes.push(...Buffer.from(text, "base64"));
      else
        bytes.push(
          ...Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => String.fromCharCode(Number.parseInt(code, 16))),
            "latin1",
          ),
        );
    }
    return Buffer.from(bytes).toString("utf8");
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

async function mailFor(message: StoredMessage): Promise<ReceivedMail> {
  await (await contactRuntime().loop())?.kick();
  // A hang guard: the loopback server has the mail within a second on a quiet machine.
  const deadline = Date.now() + HANG_GUARD_MS;
  for (;;) {
    const mail = smtp.received.find((received) => received.headers["message-id"] === `<${message.uuid}@contact-form.invalid>`);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail for message ${message.uuid}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Control and bidi characters as the issue found them kept, in every field the form has.
const RLO = "\u202E";
const HOSTILE = {
  name: `${RLO}Femke\r\nBcc: victim@example.com\u2028de\u0007 Wit\u200F`,
  email: `\u200Efemke@example.com\u202C`,
  website: `https://example.com/\u2066portfolio\u2069\t`,
  message: `Hallo Elena,\r\n${RLO}pay 0001 EUR\u202C now\u0000\u001b[2J\u2029Zoë 👩🏽‍💻\u0085end`,
  consent: "yes",
};
const CLEANED = [
  { name: "name", label: "Your name", value: "Femke Bcc: victim@example.com de Wit" },
  { name: "email", label: "Email", value: "femke@example.com" },
  { name: "website", label: "Website", value: "https://example.com/portfolio" },
  { name: "message", label: "Message", value: "Hallo Elena,\npay 0001 EUR now[2J\nZoë 👩🏽‍💻\nend" },
  { name: "consent", label: "Consent to store this message", value: "yes" },
];

describe("what is stored is what is mailed, cleaned", () => {
  it.each<[string, (fields: Record<string, string>) => Promise<Response>]>([
    [
      "the script's JSON to /api/contact",
      (fields) => postJson("/api/contact", fields, { ...sameOrigin(), "x-forwarded-for": "192.0.2.90" }),
    ],
    [
      "the no-JavaScript form post to /contact",
      (fields) => postForm("/contact", fields, { ...sameOrigin(), "x-forwarded-for": "192.0.2.91" }),
    ],
  ])("%s", async (_name, post) => {
    const before = (await stored()).length;
    expect((await post(HOSTILE)).status).toBeLessThan(400);
    const rows = await stored();
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1) as StoredMessage;

    // The row holds the cleaned fields and headers.
    expect(row.fields).toEqual(CLEANED);
    expect(row.subject).toBe("Contact form: Femke Bcc: victim@example.com de Wit");
    expect(row.replyTo).toBe("femke@example.com");

    // The mail is made from that row and nothing else.
    const mail = await mailFor(row);
    expect(mail.to).toEqual(["owner@example.com"]);
    expect(decodeHeader(mail.headers.subject ?? "")).toBe(row.subject);
    expect(mail.headers["reply-to"]).toBe(row.replyTo);
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.text.trimEnd()).toBe(messageText(row).trimEnd());
    // No control or bidi character reached the mail, in its headers or its text.
    const headerLines = decodeHeader(mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ")).split("\r\n");
    expect(headerLines.filter((line) => /^[\w-]+: /.test(line))).toHaveLength(headerLines.length);
    expect(headerLines.join(" ")).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
    expect(mail.text).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u2028\u2029]/);
  });

  it("a name of nothing but control and bidi characters is missing, on both paths", async () => {
    const onlyControls = { ...HOSTILE, name: `${RLO}\u200F\u0007\r\n\u2066` };
    const api = await postJson("/api/contact", onlyControls, { ...sameOrigin(), "x-forwarded-for": "192.0.2.92" });
    expect(api.status).toBe(422);
    expect(await api.json()).toEqual({ ok: false, errors: { name: "Your name is required." } });
    const page = await postForm("/contact", onlyControls, { ...sameOrigin(), "x-forwarded-for": "192.0.2.93" });
    expect(page.status).toBe(422);
    expect(await page.text()).toContain("Your name is required.");
  });
});
