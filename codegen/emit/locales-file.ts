import type { GeneratedFile, SchemaModel } from "../model.js";
import { propertyKey } from "../naming.js";
import { UNION_NAMES } from "../names.js";
import { sortedBy } from "../sort.js";

/**
 * locales.ts: the space's languages (languages.json) and which fields each block
 * translates (`translatable: true`), as types that reject a locale the space does
 * not list and as values for code that runs (routing, tools).
 */
export function localesFile(model: SchemaModel, header: string): GeneratedFile {
  const { defaultLocale, defaultName, languages } = model.languages;
  const locales = [defaultLocale, ...languages.map((language) => language.code)];
  const names = [[defaultLocale, defaultName] as const, ...languages.map((language) => [language.code, language.name] as const)];
  const translatable = sortedBy(model.components, (component) => component.name)
    .map((component) => [component.name, component.fields.filter((field) => field.translatable).map((field) => field.key)] as const)
    .filter(([, fields]) => fields.length > 0);

  const body = [
    `import type { ${UNION_NAMES.byComponent} } from "./components";`,
    "",
    "/**",
    " * Every locale of the site: the default language first (Storyblok gives it no code,",
    " * the generator's defaultLocale names it), then the space's languages in the order",
    " * languages.json lists them.",
    " */",
    `export const LOCALES = ${tuple(locales)} as const;`,
    "",
    "/** A locale of the space: naming any other is a compile error. */",
    "export type Locale = (typeof LOCALES)[number];",
    "",
    "/** The default language's locale: Storyblok's `default` language, asked for without a `language` parameter. */",
    "export const DEFAULT_LOCALE = LOCALES[0];",
    "",
    "/**",
    " * The space's language codes, every locale but the default: the values of the",
    " * Content Delivery API's `language` parameter and the `<code>` of `field__i18n__<code>`.",
    " */",
    `export const LANGUAGE_CODES = ${tuple(languages.map((language) => language.code))} as const;`,
    "",
    "/** A language code of the space (`never` when it lists none). */",
    "export type LanguageCode = (typeof LANGUAGE_CODES)[number];",
    "",
    "/** Each locale's name as the space names it (the default's is `default_lang_name`). */",
    "export const LANGUAGE_NAMES: { readonly [L in Locale]: string } = {",
    ...names.map(([code, name]) => `  ${objectKey(code)}: ${JSON.stringify(name)},`),
    "};",
    "",
    "/** Whether a value (a path segment, a query parameter) is one of the locales. */",
    "export function isLocale(value: unknown): value is Locale {",
    "  return (LOCALES as readonly unknown[]).includes(value);",
    "}",
    "",
    "/**",
    " * Per block, its translatable fields: each language's value is stored beside the",
    " * field as `<field>__i18n__<code>` (the Management API's form; the Content Delivery API",
    " * answers `?language=<code>` with it in the field's place). Blocks without any are left out.",
    " */",
    ...(translatable.length === 0
      ? ["export type TranslatableFieldsByBlock = Record<never, never>;"]
      : [
          "export type TranslatableFieldsByBlock = {",
          ...translatable.map(([block, fields]) => `  ${propertyKey(block)}: ${fields.map((field) => JSON.stringify(field)).join(" | ")};`),
          "};",
        ]),
    "",
    "/** The translatable fields of block K: `never` when it has none. */",
    `export type TranslatableFields<K extends keyof ${UNION_NAMES.byComponent}> = K extends keyof TranslatableFieldsByBlock ? TranslatableFieldsByBlock[K] : never;`,
    "",
    "/** The same at run time, for tools (migrations, pushes): block → its translatable fields, sorted. */",
    "export const TRANSLATABLE_FIELDS: { readonly [K in keyof TranslatableFieldsByBlock]: readonly TranslatableFieldsByBlock[K][] } = {",
    ...translatable.map(([block, fields]) => `  ${objectKey(block)}: ${tuple(fields)},`),
    "};",
  ];
  return { path: "locales.ts", contents: `${header}\n${body.join("\n")}\n` };
}

/** `["a", "b"]`. */
function tuple(items: readonly string[]): string {
  return `[${items.map((item) => JSON.stringify(item)).join(", ")}]`;
}

/** A key in an object literal: `__proto__` written as a computed key, which defines a property instead of setting the prototype. */
function objectKey(key: string): string {
  return key === "__proto__" ? `["__proto__"]` : propertyKey(key);
}
