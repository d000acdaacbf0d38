/**
 * A Postgres that is down when a visitor posts (a cluster of this file's
 * own, paused and resumed): the API answers 503 with Retry-After, the
 * no-JavaScript form post gets the form back with what the visitor typed,
 * nothing is lost or half-stored, and the same post works once the
 * database is back. The real API handler and /contact page behind
 * node:http, as contact-post.test.tsx drives them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acceptContact } from "../../../src/contact/server/accept";
import { contactRuntime } from "../../../src/contact/server/runtime";
import { postgresBinaries, startLocalPostgres, type LocalPostgres } from "../../support/postgres";
import { callApi, callPage } from "./support/contact-routes";

const hasPostgres = postgresBinaries() !== null;
let cluster: LocalPostgres;
let server: Server;
let base: string;

/** acceptContact's own outcome, as JSON, for what it hands back to the page. */
async function callAccept(request: IncomingMessage, response: ServerResponse) {
  response.end(JSON.stringify(await acceptContact(request)));
}

beforeAll(async () => {
  if (!hasPostgres) return;
  cluster = await startLocalPostgres();
  vi.stubEnv("CONTACT_DB", await cluster.createDatabase());
  vi.stubEnv("SMTP_URL", "");
  vi.stubEnv("CONTACT_TRUST_PROXY", "1");
  server = createServer((request, response) => {
    const handle = request.url === "/api/contact" ? callApi : request.url === "/accept" ? callAccept : callPage;
    handle(request, response).catch((error: unknown) => {
      response.statusCode = 599;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (!hasPostgres) return;
  await contactRuntime().close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await cluster.stop();
  vi.unstubAllEnvs();
});

const VALID = {
  name: "Femke de Wit",
  email: "femke@example.com",
  message: "A message long enough for the rules, kept while the database is down.",
  consent: "yes",
};
let sender = 0;
const post = (path: string, json: boolean) =>
  fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
      "x-forwarded-for": `203.0.113.${(sender += 1)}`,
    },
    body: json ? JSON.stringify(VALID) : new URLSearchParams(VALID).toString(),
  });
const storedCount = async () => (await (await contactRuntime().store()).list()).length;

describe.skipIf(!hasPostgres)("Postgres is down when the visitor posts", () => {
  it("503 with Retry-After and the visitor's values; nothing stored; the same post works once it is back", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await post("/api/contact", true)).status).toBe(200);
    expect(await storedCount()).toBe(1);

    await cluster.pause();
    try {
      const api = await post("/api/contact", true);
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("30");
      expect(await api.json()).toEqual({
        ok: false,
        error: "Messages cannot be received for a moment; nothing was sent. Please try again in 30 seconds.",
      });

      expect(await (await post("/accept", false)).json()).toEqual({
        kind: "store-unreachable",
        retryAfterSeconds: 30,
        values: { ...VALID, website: "" },
      });

      const page = await post("/contact", false);
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("30");
      const html = await page.text();
      for (const value of Object.values(VALID).slice(0, 3)) expect(html).toContain(value);
      expect(warn.mock.calls.some(([line]) => /cannot be reached/.test(String(line)))).toBe(true);
    } finally {
      await cluster.resume();
    }

    expect(await storedCount()).toBe(1);
    expect((await post("/api/contact", true)).status).toBe(200);
    const form = await post("/contact", false);
    expect(form.status).toBe(303);
    expect(await storedCount()).toBe(3);
  });

  it("down before the store was ever opened (a cold start): 503 too, then 200 once it is up", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await contactRuntime().close();
    await cluster.pause();
    try {
      const api = await post("/api/contact", true);
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("30");
    } finally {
      await cluster.resume();
    }
    expect((await post("/api/contact", true)).status).toBe(200);
  });
});
