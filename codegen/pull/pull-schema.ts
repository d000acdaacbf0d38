/**
 * The files `schema pull` writes from what it read of a space (read by
 * tools/management-api/pull-space-schema.ts through the Management API client).
 */
import type { GeneratedFile } from "../model.js";
import { STORYBLOK_DEFAULT_LANG_NAME } from "../normalise/languages.js";
import { compareNames } from "../sort.js";

export interface PulledSchema {
  components: Record<string, unknown>[];
  componentGroups: Record<string, unknown>[];
  datasources: { slug: string; name: string; entries: { name: string; value: string }[] }[];
  /** The space's languages (`GET /v1/spaces/:id`), in the shape `storyblok languages pull` saves. */
  languages: PulledLanguages;
}

/** languages.json: the default language's name and the space's other languages, in the space's order. */
export interface PulledLanguages {
  default_lang_name: string;
  languages: { code: string; name: string }[];
}

/** The languages of a space object as the Management API answers it (`default_lang_name` may be null: never renamed). */
export function spaceLanguages(space: {
  default_lang_name?: string | null;
  languages?: readonly { code?: string; name?: string }[] | null;
}): PulledLanguages {
  return {
    default_lang_name: space.default_lang_name || STORYBLOK_DEFAULT_LANG_NAME,
    languages: (space.languages ?? []).map((language) => ({ code: language.code ?? "", name: language.name ?? "" })),
  };
}

type Row = Record<string, unknown>;

/**
 * The files `schema pull` writes: components.json in the Management API's own
 * shape, datasources.json when the space has any, and languages.json (always:
 * the default language's name counts even in a space of one language, and a
 * space that dropped its languages must not leave the old list behind).
 * Sorted by name so a pull of an unchanged space changes nothing; languages
 * keep the space's order, which is the site's.
 */
export function pulledSchemaFiles(pulled: PulledSchema): GeneratedFile[] {
  const byName = (a: Row, b: Row) => compareNames(String(a.name), String(b.name));
  const files: GeneratedFile[] = [
    {
      path: "components.json",
      contents: json({ components: [...pulled.components].sort(byName), component_groups: [...pulled.componentGroups].sort(byName) }),
    },
  ];
  if (pulled.datasources.length > 0) {
    const datasources = [...pulled.datasources].sort((a, b) => compareNames(a.slug, b.slug));
    files.push({ path: "datasources.json", contents: json({ datasources }) });
  }
  files.push({ path: "languages.json", contents: json(pulled.languages) });
  return files.sort((a, b) => compareNames(a.path, b.path));
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
