import { describe, expect, it } from "vitest";
import { validateField, validateSubmission, type FieldRule } from "../../../src/site/contact-rules";

const rule = (overrides: Partial<FieldRule>): FieldRule => ({ name: "field", label: "Field", input_type: "text", ...overrides });

describe("validateField", () => {
  it.each<[string, Partial<FieldRule>, string, string | null]>([
    ["required and empty", { required: true }, "  ", "Field is required."],
    ["optional and empty", {}, "", null],
    ["optional email left empty", { input_type: "email" }, "", null],
    ["too short", { min_length: "5" }, "abc", "Field needs at least 5 characters."],
    ["too long", { max_length: "3" }, "abcd", "Field allows at most 3 characters."],
    ["length counts trimmed text", { min_length: "3" }, "  ab  ", "Field needs at least 3 characters."],
    ["empty limit means none", { min_length: "", max_length: "" }, "x", null],
    ["valid email", { input_type: "email" }, "a@b.co", null],
    ["invalid email", { input_type: "email" }, "a@b", "Field must be an email address."],
    ["valid url", { input_type: "url" }, "https://example.com", null],
    ["url without scheme", { input_type: "url" }, "example.com", "Field must be a web address starting with http(s)://."],
    ["javascript url", { input_type: "url" }, "javascript:alert(1)", "Field must be a web address starting with http(s)://."],
    ["valid phone", { input_type: "tel" }, "+31 (0)10 123-4567", null],
    ["invalid phone", { input_type: "tel" }, "call me", "Field must be a phone number."],
    ["textarea is free text", { input_type: "textarea" }, "anything", null],
  ])("%s", (_name, overrides, value, want) => {
    expect(validateField(rule(overrides), value)).toBe(want);
  });

  it("uses the editor's error message when there is one", () => {
    expect(validateField(rule({ required: true, error_message: "Tell me your name." }), "")).toBe("Tell me your name.");
    expect(validateField(rule({ input_type: "email", error_message: "Bad address." }), "x")).toBe("Bad address.");
  });
});

describe("validateSubmission", () => {
  const rules = [rule({ name: "name", required: true }), rule({ name: "email", input_type: "email", required: true })];

  it("returns trimmed values and drops unknown keys", () => {
    expect(validateSubmission(rules, { name: " Ann ", email: "ann@example.com", admin: "yes" })).toEqual({
      ok: true,
      values: { name: "Ann", email: "ann@example.com" },
    });
  });

  it("reports every invalid field, treating non-strings as empty", () => {
    const result = validateSubmission(rules, { name: 42, email: "nope" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["email", "name"]);
  });
});
