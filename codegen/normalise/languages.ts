/**
 * The space's languages, from the languages side file as Storyblok's CLI
 * (`storyblok languages pull`) and `schema pull` save it:
 * `{ "default_lang_name": "English", "languages": [{ "code": "nl", "name": "Nederlands" }] }`,
 * the `languages` and `default_lang_name` of the space object (`GET /v1/spaces/:id`).
 * Storyblok gives the default language no code (its API name is `default`); the
 * site needs one (`<html lang>`, hreflang, routing), so the generator's
 * `defaultLocale` names it.
 */
import type { LanguagesModel, SpaceLanguage } from "../model.js";
import { isObject } from "./coerce.js";

/** The default locale when none is configured. */
export const DEFAULT_LOCALE = "en";

/** What Storyblok names the default language until a space renames it. */
export const STORYBLOK_DEFAULT_LANG_NAME = "Default";

/**
 * A language code as BCP 47 writes one, loosely: a language of 2 or 3 letters,
 * then subtags of letters and digits (`nl`, `pt-br`, `zh-Hant`, `es-419`).
 * Storyblok's codes are of this form; anything else would not make a path
 * segment, an `hreflang` or a `field__i18n__<code>` key.
 */
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/;

const SHAPE =
  '{ "default_lang_name": "…", "languages": [{ "code": "nl", "name": "Nederlands" }] } (as `storyblok languages pull` saves it)';

/** The parsed file's languages, or what is wrong with it (one sentence, for a message that names the file). */
export function readLanguagesFile(raw: unknown): { languages: { defaultName: string; languages: SpaceLanguage[] } } | { problem: string } {
  if (Array.isArray(raw)) return { problem: `a bare list of languages; expected ${SHAPE}` };
  if (!isObject(raw)) return { problem: `expected ${SHAPE}` };
  const defaultName = raw.default_lang_name ?? STORYBLOK_DEFAULT_LANG_NAME;
  if (typeof defaultName !== "string" || defaultName.trim() === "") return { problem: '"default_lang_name" must be a non-empty string' };
  if (!Array.isArray(raw.languages)) return { problem: `"languages" must be a list; expected ${SHAPE}` };
  const languages: SpaceLanguage[] = [];
  for (const [index, entry] of raw.languages.entries()) {
    const where = `languages[${index}]`;
    if (!isObject(entry)) return { problem: `${where} must be an object { "code", "name" }` };
    const { code, name } = entry;
    if (typeof code !== "string" || !LANGUAGE_CODE.test(code)) {
      return { problem: `${where}: "code" ${JSON.stringify(code ?? null)} is not a language code (such as nl, pt-br or zh-hant)` };
    }
    if (typeof name !== "string" || name.trim() === "") return { problem: `${where} (${code}): "name" must be a non-empty string` };
    const twin = languages.find((language) => language.code.toLowerCase() === code.toLowerCase());
    if (twin !== undefined) return { problem: `${where}: the code "${code}" is listed twice (as "${twin.code}" before)` };
    languages.push({ code, name });
  }
  return { languages: { defaultName, languages } };
}

/** What is wrong with a default locale for these languages, or undefined when it is fine. */
export function defaultLocaleProblem(locale: string, languages: readonly SpaceLanguage[]): string | undefined {
  if (!LANGUAGE_CODE.test(locale)) return `"${locale}" is not a language code (such as en, en-gb or pt-br)`;
  const taken = languages.find((language) => language.code.toLowerCase() === locale.toLowerCase());
  return taken === undefined
    ? undefined
    : `"${locale}" is the code of the space's language "${taken.name}"; the default language needs a code of its own`;
}

/**
 * The languages model, or the problems that keep the generator from writing
 * anything (reported by generate() as `languages-invalid` / `default-locale-invalid`).
 */
export function normaliseLanguages(
  raw: unknown,
  defaultLocale: string = DEFAULT_LOCALE,
): { model: LanguagesModel; problems: { code: "languages-invalid" | "default-locale-invalid"; message: string }[] } {
  const read = raw === undefined ? { languages: { defaultName: STORYBLOK_DEFAULT_LANG_NAME, languages: [] } } : readLanguagesFile(raw);
  if ("problem" in read) {
    return {
      model: { defaultLocale, defaultName: STORYBLOK_DEFAULT_LANG_NAME, languages: [] },
      problems: [{ code: "languages-invalid", message: `languages file: ${read.problem}` }],
    };
  }
  const problem = defaultLocaleProblem(defaultLocale, read.languages.languages);
  return {
    model: { defaultLocale, ...read.languages },
    problems: problem === undefined ? [] : [{ code: "default-locale-invalid", message: `default locale ${problem}` }],
  };
}
