/**
 * The local space's languages (its settings, `space/space.json` in the content
 * folder: what the local CDN's `spaces/me` and the local Management API answer)
 * against the ones the site is generated for (schema/languages.json). Two lists
 * that differ would have the local CDN serve languages the site has no locale
 * for, or the site ask for a language the local space does not translate.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readLanguagesFile } from "storyblok-typed-codegen";

interface Language {
  code: string;
  name: string;
}

interface Languages {
  defaultName?: string;
  languages: Language[];
}

/** Where the local space keeps its settings, relative to the content folder. */
const SPACE_SETTINGS = join("space", "space.json");

/**
 * One line per difference, each naming both files; none when they agree, when the
 * content folder has no space settings, or when those list no languages (a space
 * whose languages were never set is not held to any).
 */
export function spaceLanguageDrift(contentDir: string, schemaLanguages: unknown, schemaLabel: string): string[] {
  const path = join(contentDir, SPACE_SETTINGS);
  if (!existsSync(path)) return [];
  const spaceLabel = join(contentDir, SPACE_SETTINGS).split("\\").join("/");
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    return [`${spaceLabel}: not valid JSON (${(error as Error).message})`];
  }
  const settings = (stored as { space?: { languages?: unknown; default_lang_name?: unknown } } | null)?.space;
  if (settings?.languages === undefined) return [];
  const space = readLanguagesFile({ default_lang_name: settings.default_lang_name, languages: settings.languages });
  if ("problem" in space) return [`${spaceLabel}: the space's languages: ${space.problem}`];
  const schema = schemaLanguages === undefined ? undefined : readLanguagesFile(schemaLanguages);
  // Unreadable languages.json is the generator's to report (exit 2); none means the default language only.
  const site: Languages = schema === undefined ? { languages: [] } : "problem" in schema ? { languages: [] } : schema.languages;
  return differences(
    {
      defaultName: typeof settings.default_lang_name === "string" ? settings.default_lang_name : undefined,
      languages: space.languages.languages,
    },
    site,
    spaceLabel,
    schemaLabel,
  );
}

function differences(space: Languages, site: Languages, spaceLabel: string, schemaLabel: string): string[] {
  const lines: string[] = [];
  const siteNames = new Map(site.languages.map((language) => [language.code, language.name]));
  const spaceNames = new Map(space.languages.map((language) => [language.code, language.name]));
  for (const { code, name } of space.languages) {
    const named = siteNames.get(code);
    if (named === undefined) lines.push(`language ${code} (${name}) is in ${spaceLabel}, not in ${schemaLabel}`);
    else if (named !== name)
      lines.push(`language ${code} is named ${JSON.stringify(name)} in ${spaceLabel}, ${JSON.stringify(named)} in ${schemaLabel}`);
  }
  for (const { code, name } of site.languages) {
    if (!spaceNames.has(code)) lines.push(`language ${code} (${name}) is in ${schemaLabel}, not in ${spaceLabel}`);
  }
  const shared = (languages: Languages, other: Map<string, string>) =>
    languages.languages.map((language) => language.code).filter((code) => other.has(code));
  const spaceOrder = shared(space, siteNames);
  const siteOrder = shared(site, spaceNames);
  if (spaceOrder.join() !== siteOrder.join())
    lines.push(`the languages are in another order: ${spaceOrder.join(", ")} in ${spaceLabel}, ${siteOrder.join(", ")} in ${schemaLabel}`);
  if (space.defaultName !== undefined && site.defaultName !== undefined && space.defaultName !== site.defaultName) {
    lines.push(
      `the default language is named ${JSON.stringify(space.defaultName)} in ${spaceLabel}, ${JSON.stringify(site.defaultName)} in ${schemaLabel}`,
    );
  }
  return lines;
}
