import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { messageFields, replyAddress, subjectLine } from "../../../src/contact/server/compose";
import { readContactConfig } from "../../../src/contact/server/config";
import { ownerEmailFrom } from "../../../src/contact/server/recipient";
import type { FieldRule } from "../../../src/contact/rules/contact-rules";

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

  it.each<[string, string, string | null]>([
    ["bidi marks around it are dropped", "\u200Eann@example.com\u202E", "ann@example.com"],
    ["controls inside it are dropped", "ann@exa\u0000mple.com", "ann@example.com"],
    ["a trailing break is trimmed", "ann@example.com\r\n", "ann@example.com"],
    ["a second header after CRLF: no Reply-To", "ann@example.com\r\nBcc: x@evil.example", null],
    ["a second header after U+2028: no Reply-To", "ann@example.com\u2028Bcc:x@evil.example", null],
    ["a second address: no Reply-To", "ann@example.com,x@evil.example", null],
    ["a display name: no Reply-To", "Ann <ann@example.com>", null],
    ["only controls: no Reply-To", "\u202E\u0000", null],
  ])("the Reply-To is built only from a cleaned, valid address: %s", (_name, typed, want) => {
    expect(replyAddress(rules, { email: typed })).toBe(want);
  });

  it("the Reply-To is the first email field with a valid address", () => {
    const two: FieldRule[] = [
      { name: "work", label: "Work email", input_type: "email" },
      { name: "home", label: "Home email", input_type: "email" },
    ];
    expect(replyAddress(two, { work: "not an address", home: "ann@example.com" })).toBe("ann@example.com");
  });

  it("stores cleaned values, whatever it is handed", () => {
    expect(messageFields(rules, { name: "\u202EAnn\r\nBcc: x", email: "\u200Eann@example.com", message: "Hi\r\n\u0007there" })).toEqual([
      { name: "name", label: "Your name", value: "Ann Bcc: x" },
      { name: "email", label: "Email", value: "ann@example.com" },
      { name: "message", label: "Message", value: "Hi\nthere" },
    ]);
  });

  it.each<[string, readonly FieldRule[], Record<string, string>, string]>([
    ["the name field", rules, { name: "Femke de Wit" }, "Contact form: Femke de Wit"],
    ["on one line, however the name was typed", rules, { name: "Femke\r\nBcc: x@example.com" }, "Contact form: Femke Bcc: x@example.com"],
    ["without control characters", rules, { name: "Femke\u001b[2J\u0007" }, "Contact form: Femke[2J"],
    ["on one line through U+2028 and U+2029", rules, { name: "Femke\u2028Bcc: x\u2029y" }, "Contact form: Femke Bcc: x y"],
    ["without bidi controls", rules, { name: "\u202Eevil\u202C \u2066Femke\u2069\u200F" }, "Contact form: evil Femke"],
    ["without C1 controls", rules, { name: "Femke\u009B2J\u0085" }, "Contact form: Femke2J"],
    ["cut at 80 characters", rules, { name: "a".repeat(100) }, `Contact form: ${"a".repeat(80)}`],
    ["cut at 80 characters, never inside an emoji", rules, { name: `${"a".repeat(79)}😀😀` }, `Contact form: ${"a".repeat(79)}😀`],
    ["a fallback when the name is only controls", rules, { name: "\u202E\u0000\r\n" }, "Contact form: a new message"],
    [
      "the first text field when none is called name",
      [{ name: "company", label: "Company", input_type: "text" }],
      { company: "Tidewater" },
      "Contact form: Tidewater",
    ],
    [
      "a fallback when there is nothing to name",
      [{ name: "message", label: "Message", input_type: "textarea" }],
      { message: "Hi" },
      "Contact form: a new message",
    ],
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
    [
      "the first in document order",
      { a: [{ link: { linktype: "email", email: "first@example.com" } }], b: { linktype: "email", email: "second@example.com" } },
      "first@example.com",
    ],
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
      store: { kind: "sqlite", path: join(process.cwd(), ".data", "contact.sqlite") },
      smtpUrl: undefined,
      to: undefined,
      from: undefined,
      rateLimit: { limit: 5, windowMs: 600_000 },
      addressSource: { kind: "connection" },
      platform: null,
      delivery: "background",
      retryBaseMs: 30_000,
      sendTimeoutMs: 15_000,
      cronSecret: undefined,
    });
  });

  it("reads the variables, and falls back with a warning on a malformed one", () => {
    const config = readContactConfig({
      CONTACT_DB: "/tmp/x.sqlite",
      SMTP_URL: "smtp://h:25",
      CONTACT_RATE_LIMIT: "3/60",
      CONTACT_RETRY_MS: "nope",
    });
    expect(config).toMatchObject({
      store: { kind: "sqlite", path: "/tmp/x.sqlite" },
      smtpUrl: "smtp://h:25",
      rateLimit: { limit: 3, windowMs: 60_000 },
      retryBaseMs: 30_000,
    });
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
