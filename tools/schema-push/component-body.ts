/**
 * A component as it is sent to a space: schema/'s own settings and fields
 * without the ids and bookkeeping of the space it was pulled from (the shape
 * leaves them out), its group and every group whitelist in the target
 * space's uuids, its default preset as the target space's preset id. A
 * setting the space has and schema/ does not is sent empty, since an update
 * keeps what it is not given.
 */
import type { RawObject } from "./comparable";
import { fieldForSpace, type ComponentShape } from "./component-shape";
import type { ComponentStep } from "./plan-model";

/** Plan setting names that are not component properties. */
const DERIVED_SETTINGS = new Set(["component_group", "default_preset"]);

export interface SpaceTerms {
  /** A group name → its uuid in the target space (created by then). */
  groupUuid: (name: string) => string;
  /** A preset of this component → its id in the target space; undefined while it does not exist yet. */
  presetId: (component: string, preset: string) => number | undefined;
}

export interface ComponentBody {
  body: RawObject;
  /** False when the default preset does not exist yet: the component is updated again once it does. */
  presetSettled: boolean;
}

export function componentBody(step: ComponentStep, terms: SpaceTerms): ComponentBody {
  const shape: ComponentShape = step.localShape!;
  const body: RawObject = { name: shape.name, ...shape.settings };
  for (const setting of step.settings) {
    if (setting.to === undefined && !DERIVED_SETTINGS.has(setting.key)) body[setting.key] = emptyLike(setting.from);
  }
  body.schema = Object.fromEntries([...shape.fields].map(([key, field]) => [key, fieldForSpace(field, terms.groupUuid)]));
  body.component_group_uuid = shape.group === null ? null : terms.groupUuid(shape.group);
  const presetId = shape.defaultPreset === null ? null : terms.presetId(shape.name, shape.defaultPreset);
  if (presetId !== undefined) body.preset_id = presetId;
  return { body, presetSettled: presetId !== undefined };
}

/** The empty value of a setting's kind, so the space stores it as unset. */
function emptyLike(value: unknown): unknown {
  if (typeof value === "boolean") return false;
  return Array.isArray(value) ? [] : null;
}
