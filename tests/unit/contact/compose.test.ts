import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { messageFields, replyAddress, subjectLine } from "../../../src/contact/compose";
import { readContactConfig } from "../../../src/contact/config";
import { ownerEmailFrom } from "../../../src/contact/recipient";
import type { FieldRule } from "../../../src/site/contact-rules";

const rules: FieldRule[] = [
  { name: "name", label: "Your name", input_type: "text" },
  { name: "email", label: "Email", input_type: "email" },
  { name: "message", label: "Message", input_type: "textarea" },
];

describe("composing the stored message", () => {
  it("keeps every field in the form's order with its label", () => {
    expect(messageFields(rules, { message: "Hi", name: "Ann" })).toEqual([
      { name: "name", label: "Your name", value: "Ann" },
      { name: "email", label: "Email", value: "" },
      { name: "message", label: "Message", value: "Hi" },
    ]);
  });

  it("replies go to the visitor's email field, when filled", () => {
    expect(replyAddress(rules, { email: "ann@example.com" })).toBe("ann@example.com");
    expect(replyAddress(rules, { email: "" })).toBeNull();
  });

  it.each<[string, readonly FieldRule[], Record<string, string>, string]>([
    ["the name field", rules, { name: "Femke de Wit" }, "Contact form: Femke de Wit"],
    ["on one line, however the name was typed", rules, { name: "Femke\r\nBcc: x@example.com" }, "Contact form: Femke Bcc: x@example.com"],
    ["without control characters", rules, { name: "Femke\u001b[2J\u0007" }, "Contact form: Femke[2J"],
    ["the first text field when none is called name", [{ name: "company", label: "Company", input_type: "text" }], { company: "Tidewater" }, "Contact form: Tidewater"],
    ["a fallback when there is nothing to name", [{ name: "message", label: "Message", input_type: "textarea" }], { message: "Hi" }, "Contact form: a new message"],
  ])("the subject names the sender: %s", (_name, given, values, want) => {
    expect(subjectLine(given, values)).toBe(want);
  });
});

describe("ownerEmailFrom", () => {
  it("finds the owner's address in the embedded site config", () => {
    const site: unknown = JSON.parse(readFileSync(join(import.meta.dirname, "../../../content/stories/site.json"), "utf8"));
    expect(ownerEmailFrom((site as { content: unknown }).content)).toBe("hello@elenavarga.design");
  });

  it.each<[string, unknown, string | null]>([
    ["none", { footer: [{ columns: [] }] }, null],
    ["the first in document order", { a: [{ link: { linktype: "email", email: "first@example.com" } }], b: { linktype: "email", email: "second@example.com" } }, "first@example.com"],
    ["not a url link", { link: { linktype: "url", url: "mailto:x@example.com" } }, null],
    ["not a header-breaking address", { link: { linktype: "email", email: "a@b.c, evil@example.com" } }, null],
  ])("%s", (_name, content, want) => {
    expect(ownerEmailFrom(content)).toBe(want);
  });

  it("walks deep content without recursion", () => {
    let deep: unknown = { linktype: "email", email: "deep@example.com" };
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(ownerEmailFrom(deep)).toBe("deep@example.com");
  });
});

describe("readContactConfig", () => {
  it("has safe defaults", () => {
    expect(readContactConfig({})).toEqual({
      dbPath: join(".data", "contact.sqlite"),
      smtpUrl: undefined,
      to: undefined,
      from: undefined,
      rateLimit: { limit: 5, windowMs: 600_000 },
      trustProxy: false,
      retryBaseMs: 30_000,
    });
  });

  it("reads the variables, and falls back with a warning on a malformed one", () => {
    const config = readContactConfig({ CONTACT_DB: "/tmp/x.sqlite", SMTP_URL: "smtp://h:25", CONTACT_RATE_LIMIT: "3/60", CONTACT_RETRY_MS: "nope" });
    expect(config).toMatchObject({ dbPath: "/tmp/x.sqlite", smtpUrl: "smtp://h:25", rateLimit: { limit: 3, windowMs: 60_000 }, retryBaseMs: 30_000 });
    expect(readContactConfig({ CONTACT_RATE_LIMIT: "lots" }).rateLimit).toEqual({ limit: 5, windowMs: 600_000 });
  });
});

describe("ownerEmailFrom on wide content", () => {
  it("walks an array too wide to spread into a call", () => {
    const wide = Array.from({ length: 300_000 }, () => ({ linktype: "url" }));
    wide.push({ linktype: "email", email: "last@example.com" } as never);
    expect(ownerEmailFrom(wide)).toBe("last@example.com");
  });
});
