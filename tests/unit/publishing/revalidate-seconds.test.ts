/** REVALIDATE_SECONDS: what each spelling becomes, and a malformed value warned about once, never turning the safety net off. */
import { describe, expect, it } from "vitest";
import { DEFAULT_REVALIDATE_SECONDS, parseRevalidateSeconds, revalidateSeconds } from "../../../src/publishing/revalidate-seconds";

describe("parseRevalidateSeconds", () => {
  it.each([
    ["unset", undefined, DEFAULT_REVALIDATE_SECONDS],
    ["empty", "", DEFAULT_REVALIDATE_SECONDS],
    ["blank", "  ", DEFAULT_REVALIDATE_SECONDS],
    ["0 turns it off", "0", false],
    ["00 is 0", "00", false],
    ["2", "2", 2],
    ["surrounding spaces", " 60 ", 60],
    ["a year", "31536000", 31_536_000],
  ] as const)("%s → %s", (_name, raw, value) => {
    expect(parseRevalidateSeconds(raw)).toEqual({ ok: true, value });
  });

  it.each([
    ["a word", "hourly", "not a whole number of seconds"],
    ["negative", "-5", "not a whole number of seconds"],
    ["a fraction (Next.js refuses it)", "1.5", "not a whole number of seconds"],
    ["exponent", "1e3", "not a whole number of seconds"],
    ["hex", "0x10", "not a whole number of seconds"],
    ["a unit", "60s", "not a whole number of seconds"],
    ["over a year", "31536001", "over a year (31536000 s)"],
  ])("%s (%s) is refused", (_name, raw, problem) => {
    expect(parseRevalidateSeconds(raw)).toEqual({ ok: false, problem });
  });
});

describe("revalidateSeconds (what the pages return)", () => {
  it("reads the environment on each call, so a server's own value applies", () => {
    expect(revalidateSeconds({ REVALIDATE_SECONDS: "2" })).toBe(2);
    expect(revalidateSeconds({ REVALIDATE_SECONDS: "0" })).toBe(false);
    expect(revalidateSeconds({})).toBe(DEFAULT_REVALIDATE_SECONDS);
  });

  it("a malformed value: the default, and one warning naming the variable however many pages render", () => {
    const warnings: string[] = [];
    const env = { REVALIDATE_SECONDS: "ten minutes" };
    for (let i = 0; i < 5; i++) expect(revalidateSeconds(env, (line) => warnings.push(line))).toBe(DEFAULT_REVALIDATE_SECONDS);
    expect(warnings).toEqual([
      'REVALIDATE_SECONDS="ten minutes" is not a whole number of seconds; pages regenerate every 3600 s instead (0 turns the time basis off).',
    ]);
    // Another malformed value is warned about too.
    revalidateSeconds({ REVALIDATE_SECONDS: "-1" }, (line) => warnings.push(line));
    expect(warnings).toHaveLength(2);
  });
});
