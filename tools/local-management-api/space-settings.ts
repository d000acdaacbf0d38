/**
 * The space itself, as `GET /v1/spaces/:id` answers it: the settings the space keeps
 * (space/space.json: name, domain, languages, default language name) over what a local
 * space always is (no plan limits, one collaborator, the one token's user). The CDN's
 * `spaces/me` reads the same name and language codes, so both APIs show one space.
 */
import { DEFAULT_SPACE_NAME } from "../../src/content/sources/local-cdn/space-documents";
import type { SpaceSettingsRecord } from "./space-records";
/** Storyblok's name for the default language until a space renames it. */
const DEFAULT_LANG_NAME = "Default";
/** When a space that never changed its settings was made: a fixed time, so answers do not move between runs. */
const EPOCH = "2024-01-01T00:00:00.000Z";

/** The user every request with the one accepted token acts as (the author of every change). */
export const LOCAL_USER = {
  id: 1,
  userid: "local",
  email: "local@example.com",
  friendly_name: "Local Management API",
  firstname: "Local",
  lastname: "Management API",
  username: "local",
  avatar: "",
  lang: "en",
  timezone: "UTC",
  is_editor: false,
  has_org: false,
  has_partner: false,
  sso: false,
  created_at: EPOCH,
  updated_at: EPOCH,
} as const;

function isLanguage(value: unknown): value is SpaceSettingsRecord["languages"][number] {
  const language = value as Record<string, unknown> | null;
  return (
    typeof language === "object" &&
    language !== null &&
    typeof language.code === "string" &&
    language.code !== "" &&
    typeof language.name === "string"
  );
}

/** The stored settings, each missing or malformed one at its default. */
export function spaceSettings(stored: unknown): SpaceSettingsRecord {
  const record = typeof stored === "object" && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const text = (key: string, fallback: string) => (typeof record[key] === "string" ? record[key] : fallback);
  return {
    ...record,
    name: text("name", DEFAULT_SPACE_NAME),
    domain: text("domain", ""),
    languages: Array.isArray(record.languages) ? record.languages.filter(isLanguage) : [],
    default_lang_name: text("default_lang_name", DEFAULT_LANG_NAME),
    created_at: text("created_at", EPOCH),
    updated_at: text("updated_at", EPOCH),
  };
}

/** What a `space` object of a PUT may change, checked as Storyblok checks it; the errors as a Rails hash. */
export function settingsUpdate(
  input: Record<string, unknown>,
): { changes: Partial<SpaceSettingsRecord> } | { errors: Record<string, string[]> } {
  const changes: Partial<SpaceSettingsRecord> = {};
  const errors: Record<string, string[]> = {};
  for (const key of ["name", "domain", "default_lang_name"] as const) {
    if (input[key] === undefined) continue;
    if (typeof input[key] !== "string" || (key === "name" && input[key].trim() === ""))
      errors[key] = [key === "name" ? "can't be blank" : "must be a string"];
    else changes[key] = input[key];
  }
  if (input.languages !== undefined) {
    const languages = input.languages;
    if (!Array.isArray(languages) || !languages.every(isLanguage)) errors.languages = ["must be a list of { code, name }"];
    else if (new Set(languages.map((l) => l.code)).size !== languages.length) errors.languages = ["has a language code twice"];
    else changes.languages = languages.map((l) => ({ code: l.code, name: l.name, ai_translation_code: l.ai_translation_code ?? null }));
  }
  return Object.keys(errors).length > 0 ? { errors } : { changes };
}
