import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMessageStore, type NewMessage } from "../../../src/contact/server/store/message-store";
import type { StoreLocation } from "../../../src/contact/server/store/location";
import { startLoopbackSmtp, type LoopbackSmtp } from "../../support/loopback-smtp";
import { createPostgresDatabase, postgresAdminUrl } from "./support/stores";
import { REPO } from "../../support/repo-root";

/** `portfolio messages list` and `retry` as the owner runs them, against a real SMTP server. */
const exec = promisify(execFile);
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

const FEMKE: NewMessage = {
  uuid: "6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d",
  receivedAt: Date.UTC(2026, 10, 23, 9, 30),
  recipient: "hello@elenavarga.design",
  replyTo: "femke@example.com",
  subject: "Contact form: Femke de Wit",
  fields: [{ name: "message", label: "Message", value: "We are redesigning the stop displays." }],
};

async function seed(location: StoreLocation, message: NewMessage): Promise<void> {
  const store = await openMessageStore(location);
  await store.add(message);
  await store.close();
}

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  await seed({ kind: "sqlite", path: db }, FEMKE);
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
    await seed(
      { kind: "sqlite", path: hostileDb },
      {
        uuid: "0d9e8f7a-6b5c-4d3e-9f2a-1b0c9d8e7f6a",
        receivedAt: 0,
        recipient: null,
        replyTo: null,
        subject: "Contact form: \u001b]0;owned\u0007\u009b2J",
        fields: [],
      },
    );
    const { stdout } = await portfolio({}, "messages", "list", "--db", hostileDb);
    expect(stdout).toContain("Contact form: \\u{1b}]0;owned\\u{7}\\u{9b}2J");
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u0080-\u009f]/);
    const json = await portfolio({}, "messages", "list", "--db", hostileDb, "--json");
    expect(json.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u0080-\u009f]/);
    expect(JSON.parse(json.stdout)).toMatchObject([{ subject: "Contact form: \u001b]0;owned\u0007\u009b2J" }]);
  });
});

describe("portfolio messages with a bad --db", () => {
  it.each([
    [
      "another scheme",
      "mysql://owner:hunter2pw@db.example.com/site",
      /^--db="mysql:\/\/owner:\*\*\*@db\.example\.com\/site": "mysql:" is not supported/,
    ],
    ["a malformed Postgres URL", "postgres://owner:hunter2pw@db.example.com:99999/site", /^--db is not a valid URL/],
    ["a Postgres URL with no host", "postgres:///site", /^--db="postgres:\/\/\/site" names no host/],
  ])("%s: exit 2 with a message that names --db, never the password", async (_name, value, message) => {
    const { code, stdout, stderr } = await portfolio({}, "messages", "list", "--db", value);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr).not.toContain("hunter2");
  });
});

describe.skipIf(postgresAdminUrl() === null)("portfolio messages on Postgres", () => {
  let url: string;
  beforeAll(async () => {
    url = await createPostgresDatabase(postgresAdminUrl()!);
    await seed({ kind: "postgres", url }, { ...FEMKE, uuid: "9a8b7c6d-0000-4f5b-9c6d-7e8f9a0b1c2d", subject: "Contact form: Postgres" });
  });

  it("list reads the database a postgres:// --db names, and says where without a password", async () => {
    const withPassword = url.replace("postgres@", "postgres:ignored-by-trust@");
    const { code, stdout } = await portfolio({ CONTACT_DB: "" }, "messages", "list", "--db", withPassword);
    expect(code).toBe(0);
    expect(stdout).toContain("#1  2026-11-23T09:30:00Z  Contact form: Postgres  <femke@example.com>");
    expect(stdout).toContain(`1 message(s), 1 queued, in Postgres ${withPassword.replace(":ignored-by-trust@", ":***@")}`);
    expect(stdout).not.toContain("ignored-by-trust");
  });

  it("retry delivers through SMTP what CONTACT_DB's database has queued, and list then shows it delivered", async () => {
    const { code, stdout } = await portfolio({ CONTACT_DB: url, SMTP_URL: smtp.url }, "messages", "retry");
    expect(code).toBe(0);
    expect(stdout).toContain("Delivered 1; 0 still queued.");
    expect(smtp.received.map((mail) => mail.headers["message-id"])).toContain(
      "<9a8b7c6d-0000-4f5b-9c6d-7e8f9a0b1c2d@contact-form.invalid>",
    );
    const list = await portfolio({ CONTACT_DB: url }, "messages", "list", "--json");
    expect(JSON.parse(list.stdout)).toMatchObject([{ subject: "Contact form: Postgres", state: "delivered", attempts: 1 }]);
  });
});
