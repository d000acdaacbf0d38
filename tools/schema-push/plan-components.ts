/**
 * Components, matched by name, compared field by field. A component
 * removed is a breaking change: stories in the space may hold it. Which
 * field changes are breaking is judged from the generated types
 * (model-changes.ts); the raw rule here serves components it cannot type. A rename
 * cannot be told from a removal plus an addition, so the plan says when an
 * added component has the fields of one that goes (or stays, unpruned).
 */
import { compareNames } from "storyblok-typed-codegen";
import { changedKeys, isUnset, showValue, type RawObject } from "./comparable";
import type { ComponentShape } from "./component-shape";
import type { BreakingChange, ComponentStep, FieldChange, SettingChange } from "./plan-model";

export interface ShapedComponent {
  shape: ComponentShape;
  /** The space's id; undefined for schema/'s. */
  spaceId?: number;
}

export interface ComponentPlan {
  steps: ComponentStep[];
  /** Components removed (with prune). */
  breaking: BreakingChange[];
  /**
   * Fields removed or given another Storyblok type: the raw rule, for a
   * component the generator cannot type (model-changes.ts judges the rest).
   */
  rawFieldBreaking: (BreakingChange & { block: string })[];
  kept: string[];
  notes: string[];
}

export function planComponents(local: ShapedComponent[], space: ShapedComponent[], prune: boolean): ComponentPlan {
  const spaceByName = new Map(space.map((component) => [component.shape.name, component]));
  const localNames = new Set(local.map((component) => component.shape.name));
  const plan: ComponentPlan = { steps: [], breaking: [], rawFieldBreaking: [], kept: [], notes: [] };

  for (const component of sortedByName(local)) {
    const existing = spaceByName.get(component.shape.name);
    if (existing === undefined) {
      plan.steps.push({
        action: "add",
        name: component.shape.name,
        localShape: component.shape,
        settings: addedSettings(component.shape),
        fields: addedFields(component.shape),
      });
      continue;
    }
    const fields = fieldChanges(component.shape, existing.shape);
    const settings = settingChanges(component.shape, existing.shape);
    if (fields.length + settings.length === 0) continue;
    plan.steps.push({
      action: "change",
      name: component.shape.name,
      localShape: component.shape,
      spaceId: existing.spaceId,
      settings,
      fields,
    });
    for (const field of fields) {
      const subject = `field ${component.shape.name}.${field.key}`;
      const block = component.shape.name;
      if (field.action === "remove") plan.rawFieldBreaking.push({ block, subject, reason: "removed" });
      const retyped = field.settings.find((setting) => setting.key === "type");
      if (retyped) plan.rawFieldBreaking.push({ block, subject, reason: `retyped ${showValue(retyped.from)} → ${showValue(retyped.to)}` });
    }
  }

  const added = plan.steps.filter((step) => step.action === "add");
  for (const component of sortedByName(space.filter((candidate) => !localNames.has(candidate.shape.name)))) {
    const name = component.shape.name;
    const successor = added.find((step) => sameFieldKeys(step.localShape!, component.shape))?.name;
    const rename =
      successor === undefined
        ? ""
        : ` (${successor}, added, has the same fields: a rename is a removal plus an addition, and stories of ${name} are not moved)`;
    if (prune) {
      plan.steps.push({ action: "remove", name, spaceId: component.spaceId, settings: [], fields: [] });
      plan.breaking.push({ subject: `component ${name}`, reason: `removed${rename}` });
    } else {
      plan.kept.push(`component ${name}`);
      if (successor !== undefined)
        plan.notes.push(
          `component ${successor} has the fields of ${name}, which stays in the space: if it is a rename, stories of ${name} still use ${name}; move them with a content migration (see \`portfolio migrate new\`).`,
        );
    }
  }
  return plan;
}

function sortedByName(components: ShapedComponent[]): ShapedComponent[] {
  return [...components].sort((a, b) => compareNames(a.shape.name, b.shape.name));
}

/** Own settings, group and default preset, under the names the plan prints. */
function comparableSettings(shape: ComponentShape): RawObject {
  return { ...shape.settings, component_group: shape.group, default_preset: shape.defaultPreset };
}

function settingChanges(local: ComponentShape, space: ComponentShape): SettingChange[] {
  const to = comparableSettings(local);
  const from = comparableSettings(space);
  return changedKeys(to, from).map((key) => ({ key, from: from[key], to: to[key] }));
}

function addedSettings(shape: ComponentShape): SettingChange[] {
  return Object.entries(comparableSettings(shape))
    .filter(([, value]) => !isUnset(value))
    .map(([key, to]) => ({ key, from: undefined, to }));
}

function addedFields(shape: ComponentShape): FieldChange[] {
  return [...shape.fields].map(([key, field]) => ({ key, action: "add", type: String(field.type), settings: [] }));
}

function fieldChanges(local: ComponentShape, space: ComponentShape): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [key, field] of local.fields) {
    const before = space.fields.get(key);
    if (before === undefined) {
      changes.push({ key, action: "add", type: String(field.type), settings: [] });
      continue;
    }
    const settings = changedKeys(field, before).map((setting) => ({ key: setting, from: before[setting], to: field[setting] }));
    if (settings.length > 0) changes.push({ key, action: "change", type: String(field.type), settings });
  }
  for (const [key, field] of space.fields) {
    if (!local.fields.has(key)) changes.push({ key, action: "remove", type: String(field.type), settings: [] });
  }
  return changes;
}

function sameFieldKeys(a: ComponentShape, b: ComponentShape): boolean {
  if (a.fields.size === 0 || a.fields.size !== b.fields.size) return false;
  return [...a.fields.keys()].every((key) => b.fields.has(key));
}
