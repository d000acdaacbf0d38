/**
 * The number of languages a content-build benchmark builds the site in
 * (BENCH_LANGUAGES, 1 to the site's own number, default the site's own):
 * the scratch copy's src/i18n/locales.ts names the first that many of the
 * site's locales, the default first, and the generated content's space
 * lists the same languages. Only the site's own: each language needs its
 * texts (src/i18n/ui-texts.ts and the others), and a build with fewer
 * locales than those tables name is built without the type-check (the
 * tables' extra language does not compile against fewer locales; `tsc`
 * checks the code as it is committed).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { LANGUAGE_NAMES, LOCALES, type Locale } from "../../src/i18n/locales";

/** Codes the benchmark may use: the site's own. */
const CODES: readonly string[] = LOCALES;

export function benchLanguages(): string[] {
  const raw = process.env.BENCH_LANGUAGES ?? String(LOCALES.length);
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > CODES.length)
    throw new Error(`BENCH_LANGUAGES must be a whole number from 1 to ${CODES.length}, got "${raw}"`);
  return CODES.slice(0, count);
}

/** The scratch copy's locales: the seam file the site reads its languages from. */
export async function writeSiteLocales(siteDir: string, codes: readonly string[]): Promise<void> {
  const [defaultCode, ...others] = codes;
  const names = Object.fromEntries(codes.map((code) => [code, LANGUAGE_NAMES[code as Locale]]));
  await writeFile(
    join(siteDir, "src", "i18n", "locales.ts"),
    [
      "// Written by bench/content-build/languages.ts for this benchmark's build.",
      `export const LOCALES = ${JSON.stringify(codes)} as const;`,
      "export type Locale = (typeof LOCALES)[number];",
      `export const DEFAULT_LOCALE = ${JSON.stringify(defaultCode)} satisfies Locale;`,
      `export const LANGUAGE_CODES = ${JSON.stringify(others)} as const satisfies readonly Locale[];`,
      "export type LanguageCode = (typeof LANGUAGE_CODES)[number];",
      `export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = ${JSON.stringify(names)};`,
      "export function isLocale(value: unknown): value is Locale {",
      "  return (LOCALES as readonly unknown[]).includes(value);",
      "}",
      "",
    ].join("\n"),
  );
}

/** The generated content's space: the same languages besides the default. */
export async function writeSpaceLanguages(contentDir: string, codes: readonly string[]): Promise<void> {
  await mkdir(join(contentDir, "space"), { recursive: true });
  const languages = codes.slice(1).map((code) => ({ code, name: LANGUAGE_NAMES[code as Locale] }));
  await writeFile(
    join(contentDir, "space", "space.json"),
    `${JSON.stringify({ space: { name: "Embedded content", languages, default_lang_name: "English" } }, null, 2)}\n`,
  );
}
