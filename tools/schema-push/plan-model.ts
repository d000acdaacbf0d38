/**
 * The plan `schema push` prints and then applies: what changes in the space,
 * object by object and field by field, with every breaking change named.
 * Each step carries what applying it needs (the local object, the space's id).
 */
import type { ComponentFolder } from "@storyblok/management-api-client";
import type { ComponentShape, PresetShape } from "./component-shape";
import type { LocalDatasource, LocalGroup, SpaceLanguages } from "./schema-model";

export type Action = "add" | "change" | "remove";

export interface SettingChange {
  key: string;
  from: unknown;
  to: unknown;
}

export interface FieldChange {
  key: string;
  action: Action;
  /** The field's type (the new one when retyped). */
  type: string;
  /** For a changed field, each setting that differs (`type` among them when retyped). */
  settings: SettingChange[];
}

export interface GroupStep {
  action: Action;
  name: string;
  /** The parent group's name, null at the top. */
  parent: string | null;
  local?: LocalGroup;
  space?: ComponentFolder;
  /** For a changed group: its parent before. */
  parentBefore?: string | null;
}

export interface ComponentStep {
  action: Action;
  name: string;
  /** schema/'s component (add, change). */
  localShape?: ComponentShape;
  /** The space's id (change, remove). */
  spaceId?: number;
  /** Own settings, group (`component_group`) and default preset (`default_preset`), by name. */
  settings: SettingChange[];
  fields: FieldChange[];
}

export interface PresetStep {
  action: Action;
  component: string;
  name: string;
  local?: PresetShape;
  spaceId?: number;
  settings: SettingChange[];
}

export interface EntryStep {
  action: Action;
  value: string;
  name: string;
  /** A changed entry's name before. */
  nameBefore?: string;
  spaceId?: number;
}

export interface DatasourceStep {
  /** `change` covers a new name and changed entries alike. */
  action: Action;
  slug: string;
  name: string;
  local?: LocalDatasource;
  spaceId?: number;
  settings: SettingChange[];
  entries: EntryStep[];
}

/** The space's languages set to schema/languages.json's, in one request. */
export interface LanguagesStep {
  from: SpaceLanguages;
  to: SpaceLanguages;
  /** What differs, one line each: `+ nl (Nederlands)`, `- de (Deutsch)`, `~ order: …`, `~ default language's name: …`. */
  changes: string[];
}

export interface BreakingChange {
  /** e.g. `field project.client`, `component old_card`, `datasource themes entry "dark"`. */
  subject: string;
  /** e.g. `removed`, `retyped text → number`. */
  reason: string;
}

export interface SchemaPlan {
  groups: GroupStep[];
  components: ComponentStep[];
  presets: PresetStep[];
  datasources: DatasourceStep[];
  /** Set when the space's languages differ from schema/languages.json's. */
  languages?: LanguagesStep;
  breaking: BreakingChange[];
  /** What is in the space but not in schema/ and stays there (nothing is deleted without `prune`). */
  kept: string[];
  /** Anything else the reader should know: likely renames, what is not pushed. */
  notes: string[];
}

export function isEmptyPlan(plan: SchemaPlan): boolean {
  return plan.groups.length + plan.components.length + plan.presets.length + plan.datasources.length === 0 && plan.languages === undefined;
}
