import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMessageStore } from "../../../src/contact/message-store";
import { startLoopbackSmtp, type LoopbackSmtp } from "../../support/loopback-smtp";

/** `portfolio messages list` and `retry` as the owner runs them, against a real SMTP server. */
const exec = promisify(execFile);
const REPO = join(import.meta.dirname, "..", "..", "..");
const temp = mkdtempSync(join(tmpdir(), "messages-cli-"));
const db = join(temp, "contact.sqlite");
let smtp: LoopbackSmtp;

async function portfolio(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec("node", ["bin/portfolio.js", ...args], { cwd: REPO, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  const store = openMessageStore(db);
  store.add({
    uuid: "6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d",
    receivedAt: Date.UTC(2026, 10, 23, 9, 30),
    recipient: "hello@elenavarga.design",
    replyTo: "femke@example.com",
    subject: "Contact form: Femke de Wit",
    fields: [{ name: "message", label: "Message", value: "We are redesigning the stop displays." }],
  });
  store.close();
});

afterAll(async () => {
  await smtp.stop();
  rmSync(temp, { recursive: true, force: true });
});

describe("portfolio messages", () => {
  it("list shows each message with its delivery state", async () => {
    const { code, stdout } = await portfolio({ CONTACT_DB: db }, "messages", "list");
    expect(code).toBe(0);
    expect(stdout).toContain("#1  2026-11-23T09:30:00Z  Contact form: Femke de Wit  <femke@example.com>");
    expect(stdout).toContain("    queued\n");
    expect(stdout).toContain("1 message(s), 1 queued");
  });

  it("retry without SMTP_URL is a usage error (exit 2) that names the variable", async () => {
    const { code, stderr } = await portfolio({ CONTACT_DB: db, SMTP_URL: "" }, "messages", "retry");
    expect(code).toBe(2);
    expect(stderr).toContain("SMTP_URL is not set");
  });

  it("retry with SMTP down exits 1 and keeps the message queued with the reason", async () => {
    await smtp.stop();
    const { code, stdout, stderr } = await portfolio({ SMTP_URL: smtp.url }, "messages", "retry", "--db", db);
    expect(code).toBe(1);
    expect(stdout).toContain("Delivered 0; 1 still queued.");
    expect(stderr).toMatch(/#1: .*ECONNREFUSED/);
    const list = await portfolio({}, "messages", "list", "--db", db);
    expect(list.stdout).toMatch(/queued, 1 failed attempt\(s\), next .*ECONNREFUSED/);
  });

  it("retry delivers what is queued once SMTP is back, without waiting for the backoff", async () => {
    await smtp.start();
    const { code, stdout } = await portfolio({ SMTP_URL: smtp.url, CONTACT_RETRY_MS: "3600000" }, "messages", "retry", "--db", db);
    expect(code).toBe(0);
    expect(stdout).toContain("Delivered 1; 0 still queued.");
    expect(smtp.received[0]?.text).toContain("We are redesigning the stop displays.");
    const list = await portfolio({}, "messages", "list", "--db", db, "--json");
    expect(JSON.parse(list.stdout)).toMatchObject([{ state: "delivered", attempts: 2 }]);
  });

  it("list shows a visitor's control characters as escapes instead of sending them to the terminal", async () => {
    const hostileDb = join(temp, "hostile.sqlite");
    const store = openMessageStore(hostileDb);
    store.add({
      uuid: "0d9e8f7a-6b5c-4d3e-9f2a-1b0c9d8e7f6a",
      receivedAt: 0,
      recipient: null,
      replyTo: null,
      subject: "Contact form: \u001b]0;owned\u0007\u009b2J",
      fields: [],
    });
    store.close();
    const { stdout } = await portfolio({}, "messages", "list", "--db", hostileDb);
    expect(stdout).toContain("Contact form: \\u{1b}]0;owned\\u{7}\\u{9b}2J");
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u0080-\u009f]/);
    const json = await portfolio({}, "messages", "list", "--db", hostileDb, "--json");
    expect(json.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u0080-\u009f]/);
    expect(JSON.parse(json.stdout)).toMatchObject([{ subject: "Contact form: \u001b]0;owned\u0007\u009b2J" }]);
  });
});
