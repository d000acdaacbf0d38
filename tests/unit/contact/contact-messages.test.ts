import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_TABLES } from "../../../src/contact/rules/contact-messages";
import { validateSubmission, type FieldRule } from "../../../src/contact/rules/contact-rules";
import { statusText } from "../../../src/contact/rules/contact-status";
import { postedLocale } from "../../../src/contact/server/posted-locale";
import { LOCALES } from "../../../src/i18n/locales";

/** `{name}` placeholders of a message, sorted. */
function placeholdersOf(message: string): string[] {
  return [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
}

describe("the contact form's message tables", () => {
  const english = CONTACT_MESSAGE_TABLES.en;

  it.each(LOCALES)("%s has every message, none empty, with the English one's placeholders", (locale) => {
    const table = CONTACT_MESSAGE_TABLES[locale];
    expect(Object.keys(table).sort()).toEqual(Object.keys(english).sort());
    for (const [key, message] of Object.entries(table)) {
      expect(message.trim(), `${locale}.${key}`).not.toBe("");
      expect(placeholdersOf(message), `${locale}.${key}`).toEqual(placeholdersOf(english[key as keyof typeof english]));
    }
  });

  it("fills the placeholders in the page's language", () => {
    const rules: FieldRule[] = [
      { name: "name", label: "Naam", input_type: "text", required: true },
      { name: "message", label: "Bericht", input_type: "textarea", min_length: "10" },
      { name: "email", label: "E-mail", input_type: "email" },
    ];
    expect(validateSubmission(rules, { message: "kort", email: "nope" }, "nl")).toEqual({
      ok: false,
      errors: { name: "Naam is verplicht.", message: "Vul minstens 10 tekens in.", email: "Vul een geldig e-mailadres in." },
    });
    expect(validateSubmission(rules, { message: "kort" })).toMatchObject({
      errors: { name: "Naam is required.", message: "Please enter at least 10 characters." },
    });
    expect(statusText("nl").invalid).toBe("Sorry, niet alle velden zijn goed ingevuld.");
  });
});

describe("the language a post is answered in", () => {
  it.each([
    ["nl", undefined, "nl"],
    ["en", "https://site.example/nl/projects/x", "en"],
    [undefined, "https://site.example/nl/projects/x", "nl"],
    [undefined, "https://site.example/nl", "nl"],
    [undefined, "https://site.example/projects/x", "en"],
    // Not a locale of the site: never used, whatever it says.
    ["de", "https://site.example/de/x", "en"],
    [["nl"], "not a url", "en"],
    [undefined, undefined, "en"],
  ])("field %j, Referer %s: %s", (field, referer, want) => {
    expect(postedLocale(field, referer)).toBe(want);
  });
});
