/**
 * The honeypot (a field people never see, `contact_website`): a post that
 * fills it is answered like an accepted one, never stored, and still counted
 * against the sender's rate limit. Driven through acceptContact over a real
 * HTTP server, with the embedded content's form and the SQLite store in a
 * temporary folder; CONTACT_TRUST_PROXY=1 lets each case pick its sender.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acceptContact } from "../../../src/contact/server/accept";
import { contactRuntime } from "../../../src/contact/server/runtime";
import { HONEYPOT_FIELD } from "../../../src/contact/rules/contact-fields";

let dir: string;
let server: Server;
let base: string;
let sender = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "contact-honeypot-"));
  vi.stubEnv("CONTACT_DB", join(dir, "contact.sqlite"));
  vi.stubEnv("SMTP_URL", "");
  vi.stubEnv("CONTACT_TRUST_PROXY", "1");
  vi.stubEnv("CONTACT_RATE_LIMIT", "2/600");
  // The runtime is one per process and reads the environment once: it must be this file's.
  expect(contactRuntime().config.store).toEqual({ kind: "sqlite", path: join(dir, "contact.sqlite") });
  server = createServer((request, response) => {
    void acceptContact(request).then((outcome) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(outcome));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await contactRuntime().close();
  rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const valid = { name: "Femke de Wit", email: "femke@example.com", message: "A question about the Atlas project, please.", consent: "on" };

/** A fresh sender address per call unless one is given, so cases do not share a rate limit. */
function freshSender(): string {
  sender += 1;
  return `203.0.113.${sender}`;
}

async function post(fields: Record<string, unknown>, from = freshSender(), json = false): Promise<{ kind: string }> {
  const response = await fetch(`${base}/api/contact`, {
    method: "POST",
    headers: { "content-type": json ? "application/json" : "application/x-www-form-urlencoded", "x-forwarded-for": from },
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields as Record<string, string>).toString(),
  });
  return (await response.json()) as { kind: string };
}

const storedCount = async () => (await (await contactRuntime().store()).list()).length;

describe("a filled honeypot", () => {
  it.each([
    ["with a complete, valid form", { ...valid, [HONEYPOT_FIELD]: "https://spam.example" }],
    ["with an invalid form (a bot filling every input with junk)", { name: "x", email: "x", message: "x", [HONEYPOT_FIELD]: "x" }],
    ["with a single character", { ...valid, [HONEYPOT_FIELD]: "a" }],
  ])("is answered as ignored and nothing is stored, %s", async (_name, fields) => {
    const before = await storedCount();
    expect(await post(fields)).toEqual({ kind: "ignored" });
    expect(await storedCount()).toBe(before);
  });

  it("is ignored in a JSON post too", async () => {
    const before = await storedCount();
    expect(await post({ ...valid, consent: true, [HONEYPOT_FIELD]: "filled" }, freshSender(), true)).toEqual({ kind: "ignored" });
    expect(await storedCount()).toBe(before);
  });

  it("counts against the sender's limit: after two bot posts, the same sender's real post is limited", async () => {
    const bot = freshSender();
    expect(await post({ ...valid, [HONEYPOT_FIELD]: "x" }, bot)).toEqual({ kind: "ignored" });
    expect(await post({ ...valid, [HONEYPOT_FIELD]: "x" }, bot)).toEqual({ kind: "ignored" });
    const before = await storedCount();
    expect(await post(valid, bot)).toMatchObject({ kind: "limited" });
    expect(await storedCount()).toBe(before);
    // Another sender is not affected.
    expect(await post(valid)).toEqual({ kind: "accepted" });
  });
});

describe("an empty honeypot is no fill", () => {
  it.each([
    ["absent", valid],
    ["empty", { ...valid, [HONEYPOT_FIELD]: "" }],
    ["only whitespace (autofill, a stray space)", { ...valid, [HONEYPOT_FIELD]: "  \t " }],
  ])("%s: the message is accepted and stored", async (_name, fields) => {
    const before = await storedCount();
    expect(await post(fields)).toEqual({ kind: "accepted" });
    expect(await storedCount()).toBe(before + 1);
  });

  it("a JSON honeypot that is not a string (no form field sends one) is no fill either: the post is judged on its fields", async () => {
    const before = await storedCount();
    expect(await post({ ...valid, consent: true, [HONEYPOT_FIELD]: 0 }, freshSender(), true)).toEqual({ kind: "accepted" });
    expect(await storedCount()).toBe(before + 1);
  });
});
