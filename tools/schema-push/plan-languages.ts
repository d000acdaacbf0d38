/**
 * The space's languages (Settings > Internationalization), as schema/languages.json
 * lists them: matched by code, in the file's order (the site's locales follow it).
 * One request sets them all (`PUT /v1/spaces/:id` with `languages`), so the step is
 * the whole list when anything differs: a language added, removed or renamed, the
 * order, or the default language's name. Removing a language is breaking: the
 * stories' translations into it are no longer served.
 */
import type { BreakingChange, LanguagesStep } from "./plan-model";
import type { SpaceLanguages } from "./schema-model";

export interface LanguagesPlan {
  step?: LanguagesStep;
  breaking: BreakingChange[];
}

export function planLanguages(local: SpaceLanguages, space: SpaceLanguages): LanguagesPlan {
  const spaceCodes = new Map(space.languages.map((language) => [language.code, language.name]));
  const localCodes = new Set(local.languages.map((language) => language.code));
  const changes: string[] = [];
  for (const { code, name } of local.languages) {
    const was = spaceCodes.get(code);
    if (was === undefined) changes.push(`+ ${code} (${name})`);
    else if (was !== name) changes.push(`~ ${code}: name ${JSON.stringify(was)} → ${JSON.stringify(name)}`);
  }
  const removed = space.languages.filter((language) => !localCodes.has(language.code));
  for (const { code, name } of removed) changes.push(`- ${code} (${name})`);
  const order = (languages: SpaceLanguages) =>
    languages.languages.map((language) => language.code).filter((code) => localCodes.has(code) && spaceCodes.has(code));
  if (order(local).join() !== order(space).join()) changes.push(`~ order: ${local.languages.map((language) => language.code).join(", ")}`);
  if (local.defaultName !== space.defaultName)
    changes.push(`~ default language's name: ${JSON.stringify(space.defaultName)} → ${JSON.stringify(local.defaultName)}`);
  if (changes.length === 0) return { breaking: [] };
  return {
    step: { from: space, to: local, changes },
    breaking: removed.map(({ code }) => ({
      subject: `language ${code}`,
      reason: "removed: the stories' translations into it are no longer served",
    })),
  };
}
