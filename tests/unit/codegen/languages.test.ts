import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic, readSideFile } from "storyblok-typed-codegen";
import { compile, fileOf, run, withConsumer, type RawComponent } from "./helpers";

/**
 * The space's languages (languages.json, as `storyblok languages pull` and
 * `schema pull` save it) and translatable fields, as locales.ts writes them.
 */
const COMPONENTS: RawComponent[] = [
  {
    name: "page",
    is_root: true,
    schema: {
      title: { type: "text", translatable: true },
      slug_hint: { type: "text" },
      intro: { type: "richtext", translatable: "true" },
      body: { type: "bloks", translatable: true },
    },
  },
  { name: "quote", is_nestable: true, schema: { text: { type: "textarea" } } },
];
const LANGUAGES = {
  default_lang_name: "English",
  languages: [
    { code: "nl", name: "Nederlands", ai_translation_code: null },
    { code: "pt-br", name: "Português (Brasil)" },
  ],
};

describe("locales.ts", () => {
  it("lists the default locale first, then the space's languages in the file's order, with their names", () => {
    const locales = fileOf(run(COMPONENTS, { languages: LANGUAGES }), "locales.ts");
    expect(locales).toContain('export const LOCALES = ["en", "nl", "pt-br"] as const;');
    expect(locales).toContain("export const DEFAULT_LOCALE = LOCALES[0];");
    expect(locales).toContain('export const LANGUAGE_CODES = ["nl", "pt-br"] as const;');
    expect(locales).toContain(
      'export const LANGUAGE_NAMES: { readonly [L in Locale]: string } = {\n  en: "English",\n  nl: "Nederlands",\n  "pt-br": "Português (Brasil)",\n};',
    );
  });

  it("with no languages file has the default locale only, named as Storyblok names it until a space renames it", () => {
    const locales = fileOf(run(COMPONENTS), "locales.ts");
    expect(locales).toContain('export const LOCALES = ["en"] as const;');
    expect(locales).toContain("export const LANGUAGE_CODES = [] as const;");
    expect(locales).toContain('  en: "Default",\n};');
  });

  it("names the default locale as --default-locale says", () => {
    const locales = fileOf(run(COMPONENTS, { languages: LANGUAGES, defaultLocale: "en-GB" }), "locales.ts");
    expect(locales).toContain('export const LOCALES = ["en-GB", "nl", "pt-br"] as const;');
    expect(locales).toContain('  "en-GB": "English",');
  });

  it("lists each block's translatable fields, leaving out blocks without any and bloks fields (with a warning)", () => {
    const result = run(COMPONENTS, { languages: LANGUAGES });
    const locales = fileOf(result, "locales.ts");
    expect(locales).toContain('export type TranslatableFieldsByBlock = {\n  page: "intro" | "title";\n};');
    expect(locales).toContain('  page: ["intro", "title"],\n};');
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      'warning[translatable-ignored]: component "page", field "body": a bloks field is not translated by Storyblok (the fields of its blocks are): `translatable` is ignored',
    ]);
  });

  it("is re-exported by index.ts and compiles strictly, with languages and without", () => {
    const consumer = `import { DEFAULT_LOCALE, isLocale, LANGUAGE_NAMES, LOCALES, TRANSLATABLE_FIELDS, type Locale } from "./generated";
export const names: string[] = LOCALES.map((locale: Locale) => LANGUAGE_NAMES[locale]);
export const first: Locale = DEFAULT_LOCALE;
export const known = isLocale("nl") && Object.keys(TRANSLATABLE_FIELDS).length;
`;
    expect(fileOf(run(COMPONENTS), "index.ts")).toContain('export * from "./locales";');
    expect(compile(withConsumer(run(COMPONENTS, { languages: LANGUAGES }), consumer))).toEqual([]);
    expect(compile(withConsumer(run([{ name: "page", is_root: true, schema: {} }]), consumer))).toEqual([]);
  });

  it("does not move when the languages file's keys come in another order", () => {
    const reordered = { languages: LANGUAGES.languages.map(({ name, code }) => ({ name, code })), default_lang_name: "English" };
    expect(fileOf(run(COMPONENTS, { languages: reordered }), "locales.ts")).toBe(
      fileOf(run(COMPONENTS, { languages: LANGUAGES }), "locales.ts"),
    );
  });
});

describe("a languages file or default locale the generator cannot use: nothing is written", () => {
  const cases: [string, { languages?: unknown; defaultLocale?: string }, string][] = [
    [
      "the bare list the file once was",
      { languages: [{ code: "nl", name: "Nederlands" }] },
      "error[languages-invalid]: languages file: a bare list of languages; expected",
    ],
    [
      "no languages list",
      { languages: { default_lang_name: "English" } },
      'error[languages-invalid]: languages file: "languages" must be a list',
    ],
    [
      "a language without a code",
      { languages: { languages: [{ name: "Nederlands" }] } },
      'error[languages-invalid]: languages file: languages[0]: "code" null is not a language code',
    ],
    [
      "a code that is no language code",
      { languages: { languages: [{ code: "nl/be", name: "Vlaams" }] } },
      'error[languages-invalid]: languages file: languages[0]: "code" "nl/be" is not a language code',
    ],
    [
      "a language without a name",
      { languages: { languages: [{ code: "nl", name: " " }] } },
      'error[languages-invalid]: languages file: languages[0] (nl): "name" must be a non-empty string',
    ],
    [
      "a code listed twice",
      {
        languages: {
          languages: [
            { code: "nl", name: "Nederlands" },
            { code: "NL", name: "Dutch" },
          ],
        },
      },
      'error[languages-invalid]: languages file: languages[1]: the code "NL" is listed twice (as "nl" before)',
    ],
    [
      "a default locale that is no language code",
      { defaultLocale: "english" },
      'error[default-locale-invalid]: default locale "english" is not a language code',
    ],
    [
      "a default locale the space lists as another language",
      { languages: LANGUAGES, defaultLocale: "NL" },
      'error[default-locale-invalid]: default locale "NL" is the code of the space\'s language "Nederlands"; the default language needs a code of its own',
    ],
  ];
  it.each(cases)("%s", (_name, input, message) => {
    const result = run(COMPONENTS, input);
    expect(result.files).toEqual([]);
    expect(result.diagnostics.map(formatDiagnostic).filter((line) => line.startsWith("error"))).toEqual([expect.stringContaining(message)]);
  });
});

describe("where the languages file is found", () => {
  it("beside the schema, and for the Storyblok CLI's pull where `languages pull` saves it (languages.<space>.json)", () => {
    const root = mkdtempSync(join(tmpdir(), "languages-file-"));
    try {
      const components = join(root, ".storyblok", "components", "123", "components.json");
      mkdirSync(join(root, ".storyblok", "components", "123"), { recursive: true });
      writeFileSync(components, JSON.stringify({ components: [] }));
      expect(readSideFile(undefined, components, "languages")).toEqual({ value: undefined });
      const pulled = join(root, ".storyblok", "languages", "123", "languages.123.json");
      mkdirSync(join(root, ".storyblok", "languages", "123"), { recursive: true });
      writeFileSync(pulled, JSON.stringify(LANGUAGES));
      expect(readSideFile(undefined, components, "languages")).toEqual({ value: LANGUAGES, path: pulled });
      // One beside the schema wins.
      writeFileSync(join(root, ".storyblok", "components", "123", "languages.json"), JSON.stringify({ languages: [] }));
      expect(readSideFile(undefined, components, "languages").value).toEqual({ languages: [] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
