import { describe, expect, it } from "vitest";
import { relFor, safeHref } from "../../../src/security/safe-url";

describe("safeHref", () => {
  it.each([
    ["https://example.com/a?b#c", "https://example.com/a?b#c"],
    ["http://example.com", "http://example.com"],
    ["mailto:hello@example.com", "mailto:hello@example.com"],
    ["tel:+31101234567", "tel:+31101234567"],
    ["/projects/2024/atlas", "/projects/2024/atlas"],
    ["#work", "#work"],
    ["?page=2", "?page=2"],
    ["../about", "../about"],
    ["about", "about"],
    ["//cdn.example.com/x.png", "//cdn.example.com/x.png"],
    ["  https://example.com  ", "https://example.com"],
  ])("keeps %s", (given, want) => {
    expect(safeHref(given)).toBe(want);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "javascript://%0aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "",
    null,
    undefined,
  ])("refuses %j", (given) => {
    expect(safeHref(given)).toBeNull();
  });
});

describe("relFor", () => {
  it("isolates new tabs from the opener", () => {
    expect(relFor("_blank")).toBe("noopener noreferrer");
    expect(relFor("_self")).toBeUndefined();
    expect(relFor(undefined)).toBeUndefined();
  });
});
