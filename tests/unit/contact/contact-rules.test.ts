import { describe, expect, it } from "vitest";
import {
  FORM_INVALID_MESSAGE,
  normaliseValue,
  validateField,
  validateSubmission,
  type FieldRule,
} from "../../../src/contact/rules/contact-rules";

const rule = (overrides: Partial<FieldRule>): FieldRule => ({ name: "field", label: "Your name", input_type: "text", ...overrides });

describe("validateField", () => {
  it.each<[string, Partial<FieldRule>, string, string | null]>([
    ["required and empty", { required: true }, "", "Your name is required."],
    ["optional and empty", {}, "", null],
    ["optional email left empty", { input_type: "email" }, "", null],
    ["required email left empty names the field", { input_type: "email", label: "Email", required: true }, "", "Email is required."],
    ["too short", { min_length: "5" }, "abc", "Please enter at least 5 characters."],
    ["exactly the minimum", { min_length: "3" }, "abc", null],
    ["too long", { max_length: "3" }, "abcd", "Please enter no more than 3 characters."],
    ["exactly the maximum", { max_length: "3" }, "abc", null],
    ["empty limit means none", { min_length: "", max_length: "" }, "x", null],
    ["unparsable limit means none", { min_length: "ten" }, "x", null],
    ["valid email", { input_type: "email" }, "a@b.co", null],
    ["email without a dot in the domain", { input_type: "email" }, "a@b", "Please enter a valid email address."],
    ["email with a space", { input_type: "email" }, "a b@c.de", "Please enter a valid email address."],
    ["email smuggling a second address", { input_type: "email" }, "x,evil@example.com", "Please enter a valid email address."],
    ["email with a display name", { input_type: "email" }, "Ann <ann@example.com>", "Please enter a valid email address."],
    ["email with a plus tag", { input_type: "email" }, "ann+work@example.co.uk", null],
    [
      "email length is checked first",
      { input_type: "email", max_length: "5" },
      "ann@example.com",
      "Please enter no more than 5 characters.",
    ],
    ["valid url", { input_type: "url" }, "https://example.com/work", null],
    ["url without scheme", { input_type: "url" }, "example.com", "Please enter a valid URL."],
    ["javascript url", { input_type: "url" }, "javascript:alert(1)", "Please enter a valid URL."],
    ["ftp url", { input_type: "url" }, "ftp://example.com", "Please enter a valid URL."],
    ["textarea is free text", { input_type: "textarea" }, "anything", null],
    ["textarea length", { input_type: "textarea", min_length: "20" }, "Too short", "Please enter at least 20 characters."],
    ["number", { input_type: "number" }, "42", null],
    ["negative decimal number", { input_type: "number" }, "-1.5", null],
    ["not a number", { input_type: "number" }, "forty", "Please enter a number."],
    ["hex is not a number here", { input_type: "number" }, "0x10", "Please enter a number."],
    ["infinity is not a number here", { input_type: "number" }, "Infinity", "Please enter a number."],
    ["below min", { input_type: "number", min: "1" }, "0", "Please enter a number no smaller than 1."],
    ["at min", { input_type: "number", min: "1" }, "1", null],
    ["above max", { input_type: "number", max: "10" }, "10.5", "Please enter a number no greater than 10."],
    ["at max", { input_type: "number", max: "10" }, "10", null],
    ["required number left empty", { input_type: "number", label: "Budget", required: true }, "", "Budget is required."],
    ["required checkbox unticked", { input_type: "checkbox", label: "Consent", required: true }, "no", "Consent is required."],
    ["required checkbox ticked", { input_type: "checkbox", required: true }, "yes", null],
    ["optional checkbox unticked", { input_type: "checkbox" }, "no", null],
  ])("%s", (_name, overrides, value, want) => {
    expect(validateField(rule(overrides), value)).toBe(want);
  });
});

describe("normaliseValue", () => {
  it.each<[string, FieldRule["input_type"], unknown, string]>([
    ["trims text", "text", "  Ann  ", "Ann"],
    ["CRLF from a posted textarea counts as one character", "textarea", "a\r\nb\rc", "a\nb\nc"],
    ["a JSON number", "number", 3, "3"],
    ["missing", "text", undefined, ""],
    ["an object is empty", "text", { toString: "x" }, ""],
    ["an array is empty", "text", ["a", "b"], ""],
    ["checkbox posted by a browser", "checkbox", "yes", "yes"],
    ["checkbox posted as 'on' (no value attribute)", "checkbox", "on", "yes"],
    ["checkbox as JSON true", "checkbox", true, "yes"],
    ["checkbox as JSON false", "checkbox", false, "no"],
    ["checkbox absent (unticked boxes are not posted)", "checkbox", undefined, "no"],
  ])("%s", (_name, inputType, raw, want) => {
    expect(normaliseValue({ input_type: inputType }, raw)).toBe(want);
  });
});

describe("validateSubmission", () => {
  const rules = [
    rule({ name: "name", label: "Your name", required: true }),
    rule({ name: "email", label: "Email", input_type: "email", required: true }),
    rule({ name: "consent", label: "Consent", input_type: "checkbox", required: true }),
  ];

  it("returns normalised values and drops unknown keys", () => {
    expect(validateSubmission(rules, { name: " Ann ", email: "ann@example.com", consent: "yes", admin: "yes" })).toEqual({
      ok: true,
      values: { name: "Ann", email: "ann@example.com", consent: "yes" },
    });
  });

  it("reports every invalid field with its message, treating arrays and objects as empty", () => {
    expect(validateSubmission(rules, { name: ["Ann"], email: "nope" })).toEqual({
      ok: false,
      errors: { name: "Your name is required.", email: "Please enter a valid email address.", consent: "Consent is required." },
    });
  });

  it("reads only own keys: a field named like an Object.prototype member is simply missing", () => {
    const result = validateSubmission([rule({ name: "constructor", label: "Company", required: true })], {});
    expect(result).toEqual({ ok: false, errors: { constructor: "Company is required." } });
  });

  it("has the form-level message in the issue's words", () => {
    expect(FORM_INVALID_MESSAGE).toBe("Sorry, not all fields are filled out correctly.");
  });
});

describe("values are cleaned before any rule judges them", () => {
  it.each<[string, FieldRule["input_type"], string, string]>([
    ["a name is made one line", "text", "Femke\r\nBcc: x@evil.example", "Femke Bcc: x@evil.example"],
    ["a name loses U+2028", "text", "Femke\u2028de Wit", "Femke de Wit"],
    ["a name loses bidi overrides", "text", "\u202EFemke\u202C de Wit", "Femke de Wit"],
    ["a name loses C0 and C1 controls", "text", "Fem\u0000ke\u001b\u009B", "Femke"],
    ["the default type is single-line", undefined, "a\nb", "a b"],
    ["an email is made one line", "email", "ann@example.com\r\nBcc: x@evil.example", "ann@example.com Bcc: x@evil.example"],
    ["an email loses bidi marks", "email", "\u200Eann@example.com\u200F", "ann@example.com"],
    ["a URL is made one line", "url", "https://example.com/\n", "https://example.com/"],
    ["a URL loses isolates", "url", "https://example.com/\u2066x\u2069", "https://example.com/x"],
    ["a number loses controls", "number", "4\u202E2", "42"],
    ["a message keeps its lines", "textarea", "Hi\r\nthere\u2028!", "Hi\nthere\n!"],
    ["a message loses bidi and controls", "textarea", "Hi\u202E\u0007 there", "Hi there"],
  ])("%s", (_name, inputType, raw, want) => {
    expect(normaliseValue({ input_type: inputType }, raw)).toBe(want);
  });

  it.each<[string, FieldRule["input_type"], string]>([
    ["bidi controls", "text", "\u202E\u202D\u2066\u2069\u200E\u200F\u061C"],
    ["C0 and C1 controls", "text", "\u0000\u0007\u001b\u007F\u0085\u009B"],
    ["line breaks and tabs", "text", "\r\n\u2028\u2029\t"],
    ["an email of controls", "email", "\u202E\u0000"],
    ["a message of controls", "textarea", "\u202E\r\n\u0007\r\n\u2066"],
  ])("a value of nothing but %s is missing, so a required field says so", (_name, inputType, raw) => {
    const result = validateSubmission([rule({ name: "f", label: "Your name", input_type: inputType, required: true })], { f: raw });
    expect(result).toEqual({ ok: false, errors: { f: "Your name is required." } });
  });

  it("counts the cleaned value against the length limits", () => {
    const limited = rule({ name: "f", min_length: "5", max_length: "5" });
    // Five letters padded with invisible characters fit a maximum of five...
    expect(validateSubmission([limited], { f: "\u202EFe\u200Fm\u0000ke\u202C" })).toEqual({ ok: true, values: { f: "Femke" } });
    // ...and four letters padded to five or more do not reach a minimum of five.
    expect(validateSubmission([limited], { f: "\u202E\u202EFemk" })).toEqual({
      ok: false,
      errors: { f: "Please enter at least 5 characters." },
    });
    // A CRLF in a message counts as one character, as the browser's maxlength counts it.
    const message = rule({ name: "m", input_type: "textarea", max_length: "3" });
    expect(validateSubmission([message], { m: "a\r\nb" })).toEqual({ ok: true, values: { m: "a\nb" } });
  });

  it("an address is valid or not once cleaned: a hidden break cannot smuggle a header", () => {
    const email = rule({ name: "e", label: "Email", input_type: "email", required: true });
    expect(validateSubmission([email], { e: "ann@example.com\r\nBcc: x@evil.example" })).toEqual({
      ok: false,
      errors: { e: "Please enter a valid email address." },
    });
    expect(validateSubmission([email], { e: "ann@example.com\u2028Bcc:x@evil.example" })).toEqual({
      ok: false,
      errors: { e: "Please enter a valid email address." },
    });
    expect(validateSubmission([email], { e: "\u202Eann@example.com" })).toEqual({ ok: true, values: { e: "ann@example.com" } });
  });
});
