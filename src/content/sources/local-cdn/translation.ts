/**
 * Field-level translation as the Content Delivery API answers it
 * (https://www.storyblok.com/docs/concepts/internationalization): a story file keeps each
 * translatable field's translations beside it, `title__i18n__nl`, as the Management API
 * stores them. Asked for a `language` the space has, a blok's `title` is its
 * `title__i18n__nl` when that is not empty, else the `fallback_lang` translation, else
 * the default value; the story says `lang: "nl"` and its full slug starts with the
 * language code (`nl/projects/atlas`, the default one in `default_full_slug`). Only a
 * field the component schema marks `translatable` is translated (translatable-fields.ts):
 * the others keep the default value whatever translations they still store. The
 * translations themselves are never sent, in any language.
 */
import type { CdnStory, Json, JsonObject } from "./story-types";
import type { TranslatableFields } from "./translatable-fields";

const MARK = "__i18n__";

export interface Language {
  /** A code of the space's languages; undefined for the default language. */
  code?: string;
  /** The code whose translation stands in where `code` has none. */
  fallback?: string;
}

/**
 * The language a request asks for (`default` is the default language). A code the space
 * does not have has no translations in it: the default language answers, as it does
 * for every field a language leaves untranslated.
 */
export function languageOf(params: URLSearchParams, codes: readonly string[]): Language {
  const read = (name: string) => {
    const value = params.get(name);
    return value !== null && codes.includes(value) ? value : undefined;
  };
  return { code: read("language"), fallback: read("fallback_lang") };
}

function isBlok(node: JsonObject): boolean {
  return typeof node.component === "string";
}

/** Whether `key` of `blok` is served in another language: always when the schema is unknown. */
function isTranslatable(blok: JsonObject, key: string, translatable: TranslatableFields | undefined): boolean {
  return translatable === undefined || translatable.get(blok.component as string)?.has(key) === true;
}

/** The content with each blok's translatable fields in `language`, and no `__i18n__` field left. */
function translateContent(content: Json, language: Language, translatable: TranslatableFields | undefined): Json {
  const stack: { from: Json; to: (value: Json) => void }[] = [];
  let result: Json = null;
  stack.push({ from: content, to: (value) => (result = value) });
  while (stack.length > 0) {
    const { from, to } = stack.pop()!;
    if (Array.isArray(from)) {
      const copy = new Array<Json>(from.length);
      to(copy);
      from.forEach((item, i) => stack.push({ from: item, to: (value) => (copy[i] = value) }));
    } else if (from !== null && typeof from === "object") {
      const copy: JsonObject = {};
      to(copy);
      const blok = isBlok(from);
      for (const [key, value] of Object.entries(from)) {
        if (key.includes(MARK)) continue;
        const translated = blok && isTranslatable(from, key, translatable) ? translation(from, key, language) : undefined;
        stack.push({ from: translated ?? value, to: (v) => (copy[key] = v) });
      }
    } else {
      to(from);
    }
  }
  return result;
}

function translation(blok: JsonObject, key: string, { code, fallback }: Language): Json | undefined {
  for (const lang of [code, fallback]) {
    if (lang === undefined) continue;
    const value = blok[`${key}${MARK}${lang}`];
    if (value !== undefined && value !== null && value !== "") return value;
  }
  return undefined;
}

/** Whether any key of the content is a translation (most stories have none: they are answered as they are). */
function hasTranslations(content: Json): boolean {
  return JSON.stringify(content).includes(MARK);
}

/** `translatable`: the space's translatable fields by component; undefined when the schema is unknown (every field is). */
export function translateStory(story: CdnStory, language: Language, translatable?: TranslatableFields): CdnStory {
  const translated = hasTranslations(story.content)
    ? { ...story, content: translateContent(story.content, language, translatable) as CdnStory["content"] }
    : story;
  if (language.code === undefined) return translated;
  return { ...translated, lang: language.code, full_slug: `${language.code}/${story.full_slug}`, default_full_slug: story.full_slug };
}
