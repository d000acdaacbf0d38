/**
 * The contact form's limits as the environment sets them: the rate limit
 * (CONTACT_RATE_LIMIT, "<messages>/<seconds>") and the retry backoff
 * (where the counted address comes from: contact-config.test.ts). A malformed value falls back to the safe
 * default with a warning, never to "no limit".
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_RETRY_MS, readContactConfig } from "../../../src/contact/server/config";
import { retryDelay } from "../../../src/contact/server/delivery";

const DEFAULT_RATE_LIMIT = { limit: 5, windowMs: 600_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("CONTACT_RATE_LIMIT", () => {
  it.each([
    ["5/600", { limit: 5, windowMs: 600_000 }],
    ["1/1", { limit: 1, windowMs: 1000 }],
    [" 3 / 60 ", { limit: 3, windowMs: 60_000 }],
    ["100/86400", { limit: 100, windowMs: 86_400_000 }],
  ])("%j is read as given", (value, rateLimit) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readContactConfig({ CONTACT_RATE_LIMIT: value }).rateLimit).toEqual(rateLimit);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(["", "   "])("%j (unset) is the default, silently", (value) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readContactConfig({ CONTACT_RATE_LIMIT: value }).rateLimit).toEqual(DEFAULT_RATE_LIMIT);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ["0 messages", "0/600"],
    ["a window of 0 seconds", "5/0"],
    ["a negative count", "-1/600"],
    ["a fraction", "1.5/600"],
    ["a third part", "5/600/1"],
    ["text before", "x5/600"],
    ["text after", "5/600s"],
    ["no window", "5"],
    ["no count", "/600"],
    ["a word", "unlimited"],
  ])("%s (%j) falls back to the default with a warning that names the value", (_name, value) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readContactConfig({ CONTACT_RATE_LIMIT: value }).rateLimit).toEqual(DEFAULT_RATE_LIMIT);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`CONTACT_RATE_LIMIT="${value}"`);
  });
});

describe("CONTACT_RETRY_MS and the backoff", () => {
  it.each([
    ["100", 100],
    ["1", 1],
  ])("%j is read as given", (value, ms) => {
    expect(readContactConfig({ CONTACT_RETRY_MS: value }).retryBaseMs).toBe(ms);
  });

  it.each(["0", "-5", "1.5", "soon"])("%j falls back to 30 s with a warning", (value) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readContactConfig({ CONTACT_RETRY_MS: value }).retryBaseMs).toBe(30_000);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("doubles per failed attempt and never waits longer than an hour", () => {
    expect(MAX_RETRY_MS).toBe(60 * 60_000);
    expect([0, 1, 2, 3, 4].map((attempts) => retryDelay(attempts, 1000))).toEqual([1000, 1000, 2000, 4000, 8000]);
    expect(retryDelay(7, 30_000)).toBe(1_920_000);
    expect(retryDelay(8, 30_000)).toBe(MAX_RETRY_MS);
    expect(retryDelay(100, 30_000)).toBe(MAX_RETRY_MS);
    expect(retryDelay(8, 10_000)).toBe(1_280_000);
  });
});

describe("the other settings", () => {
  it("trims values and treats blank ones as unset", () => {
    expect(
      readContactConfig({ CONTACT_DB: " /tmp/m.sqlite ", SMTP_URL: "  ", CONTACT_TO: " owner@example.com ", CONTACT_FROM: "" }),
    ).toMatchObject({
      store: { kind: "sqlite", path: "/tmp/m.sqlite" },
      smtpUrl: undefined,
      to: "owner@example.com",
      from: undefined,
    });
  });
});
