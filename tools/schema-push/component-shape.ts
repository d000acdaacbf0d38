/**
 * A component reduced to what `schema push` compares, the same way for
 * schema/ and for the space: its own settings, its group and whitelisted
 * groups by name (uuids are each space's own), its fields, its presets and
 * default preset by name. What the space makes up by itself (ids,
 * timestamps, `real_name`, field ids) is left out.
 */
import { isObject, type RawObject } from "./comparable";

/** Component keys that are not settings of its own (nor sent as they are: see component-body.ts): identity, bookkeeping, or compared apart (group, fields, presets). */
const NOT_SETTINGS = new Set([
  "id",
  "name",
  "schema",
  "created_at",
  "updated_at",
  // Storyblok derives it from display_name and name.
  "real_name",
  "component_group_uuid",
  "component_group_name",
  "all_presets",
  "preset_id",
  // Tag ids are the space's own and tags are not pushed (see plan notes).
  "internal_tag_ids",
  "internal_tags_list",
]);

/** Field keys the space assigns. */
const FIELD_IDS = new Set(["id"]);

/** The only field setting that holds component group uuids, whatever the field type (bloks, richtext, multilink, option). */
const GROUP_WHITELIST = "component_group_whitelist";

/** Preset keys that are ids or bookkeeping, not the preset. */
const PRESET_IDS = new Set(["id", "component_id", "space_id", "created_at", "updated_at"]);

export interface PresetShape {
  name: string;
  /** preset (its content, when known), image, color, icon, description. */
  settings: RawObject;
}

export interface ComponentShape {
  name: string;
  /** Every other property, as written (the body sent is built from these). */
  settings: RawObject;
  /** The group's name; null outside any group. */
  group: string | null;
  /** Field key → settings, in the order written; group whitelists hold group names. */
  fields: Map<string, RawObject>;
  presets: PresetShape[];
  defaultPreset: string | null;
}

/** A group uuid → the name to compare by; undefined when the uuid names no group. */
export type GroupName = (uuid: string) => string | undefined;

/**
 * What to do with a reference that names nothing: schema/ throws (bad input);
 * the space keeps it as a token no local name equals, so it shows as a change.
 */
export interface Dangling {
  group(uuid: string, where: string): string;
  preset(id: unknown, component: string): string;
}

export function componentShape(raw: RawObject, presets: RawObject[], groupName: GroupName, dangling: Dangling): ComponentShape {
  const name = String(raw.name);
  const settings: RawObject = {};
  for (const [key, value] of Object.entries(raw)) if (!NOT_SETTINGS.has(key)) settings[key] = value;
  // Storyblok's one default that is not empty: a component that says neither is nestable.
  settings.is_nestable ??= settings.is_root !== true;

  const fields = new Map<string, RawObject>();
  for (const [key, field] of Object.entries(isObject(raw.schema) ? raw.schema : {})) {
    const shaped: RawObject = {};
    for (const [setting, value] of Object.entries(isObject(field) ? field : {})) {
      if (FIELD_IDS.has(setting)) continue;
      shaped[setting] =
        setting === GROUP_WHITELIST && Array.isArray(value)
          ? value.map((uuid) => groupName(String(uuid)) ?? dangling.group(String(uuid), `field ${name}.${key}`))
          : value;
    }
    fields.set(key, shaped);
  }

  const groupUuid = typeof raw.component_group_uuid === "string" && raw.component_group_uuid !== "" ? raw.component_group_uuid : undefined;
  const shapedPresets = presets.map(presetShape);
  const defaultPresetId = raw.preset_id;
  const defaultPreset =
    defaultPresetId === null || defaultPresetId === undefined || defaultPresetId === ""
      ? null
      : presets.find(
          (preset) =>
            (typeof defaultPresetId === "number" || typeof defaultPresetId === "string") && String(preset.id) === String(defaultPresetId),
        );
  return {
    name,
    settings,
    group: groupUuid === undefined ? null : (groupName(groupUuid) ?? dangling.group(groupUuid, `component ${name}`)),
    fields,
    presets: shapedPresets,
    defaultPreset:
      defaultPreset === null ? null : defaultPreset === undefined ? dangling.preset(defaultPresetId, name) : String(defaultPreset.name),
  };
}

export function presetShape(raw: RawObject): PresetShape {
  const settings: RawObject = {};
  for (const [key, value] of Object.entries(raw)) if (!PRESET_IDS.has(key) && key !== "name") settings[key] = value;
  return { name: String(raw.name), settings };
}

/** The field as sent: its settings as written, minus the space's field id, with group whitelists in the target space's uuids. */
export function fieldForSpace(field: RawObject, groupUuid: (name: string) => string): RawObject {
  const sent: RawObject = {};
  for (const [setting, value] of Object.entries(field)) {
    sent[setting] = setting === GROUP_WHITELIST && Array.isArray(value) ? value.map((name) => groupUuid(String(name))) : value;
  }
  return sent;
}
