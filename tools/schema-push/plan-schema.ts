/**
 * The whole plan: schema/ against the space, groups first (components name
 * them), then components, their presets, datasources and languages. Nothing here
 * calls the API; it reads the two sides and returns data to print or apply.
 */
import type { Component, Preset } from "@storyblok/management-api-client";
import { BadInput, compareNames } from "storyblok-typed-codegen";
import { isObject, isUnset, type RawObject } from "./comparable";
import { componentShape, presetShape, type Dangling } from "./component-shape";
import { planComponents, type ShapedComponent } from "./plan-components";
import { planDatasources } from "./plan-datasources";
import { planGroups } from "./plan-groups";
import { planLanguages } from "./plan-languages";
import type { ModelJudgement } from "./model-changes";
import type { BreakingChange, SchemaPlan } from "./plan-model";
import { planPresets, type ComponentPresets } from "./plan-presets";
import type { LocalSchema, SpaceSchema } from "./schema-model";

export interface PlanOptions {
  /** Delete what the space has and schema/ does not name. Without it such things stay and are listed as kept. */
  prune?: boolean;
  /**
   * Which field changes are breaking, judged from the generated types as `check` judges them
   * (model-changes.ts). Without it every field removed or given another Storyblok type is.
   */
  fields?: ModelJudgement;
}

/** In schema/, a reference to nothing is a broken schema: nothing is pushed. */
const LOCAL_DANGLING: Dangling = {
  group: (uuid, where) => {
    throw new BadInput(`${where} refers to component group ${uuid}, which is not a group in schema/`);
  },
  preset: (id, component) => {
    throw new BadInput(`component ${component}: preset_id ${String(id)} is not one of its all_presets`);
  },
};

/** In the space, it is shown as it is, so that pushing replaces it. */
const SPACE_DANGLING: Dangling = {
  group: (uuid) => `(missing group ${uuid})`,
  preset: (id) => `(missing preset ${String(id)})`,
};

export function planSchemaPush(local: LocalSchema, space: SpaceSchema, options: PlanOptions = {}): SchemaPlan {
  const prune = options.prune === true;
  const localGroups = new Map(local.groups.map((group) => [group.uuid, group.name]));
  const spaceGroups = new Map(space.groups.map((group) => [group.uuid, group.name]));

  const localComponents: ShapedComponent[] = local.components.map((raw) => {
    const presets = Array.isArray(raw.all_presets) ? raw.all_presets.filter(isObject) : [];
    return { shape: componentShape(raw, presets, (uuid) => localGroups.get(uuid), LOCAL_DANGLING) };
  });
  const presetsOf = (component: Component): Preset[] => space.presets.filter((preset) => preset.component_id === component.id);
  const spaceComponents: ShapedComponent[] = space.components.map((component) => {
    const raw = component as unknown as RawObject;
    return { spaceId: component.id, shape: componentShape(raw, presetsOf(component), (uuid) => spaceGroups.get(uuid), SPACE_DANGLING) };
  });

  const groups = planGroups(local.groups, space.groups, prune);
  const components = planComponents(localComponents, spaceComponents, prune);

  const spaceByName = new Map(space.components.map((component) => [component.name, component]));
  const presetPairs: ComponentPresets[] = localComponents.map(({ shape }) => {
    const existing = spaceByName.get(shape.name);
    const spacePresets =
      existing === undefined
        ? []
        : presetsOf(existing).map((preset) => ({ id: preset.id, shape: presetShape(preset as unknown as RawObject) }));
    return { component: shape.name, local: shape.presets, space: spacePresets };
  });
  const presets = planPresets(presetPairs, prune);

  const datasources = local.datasources === undefined ? undefined : planDatasources(local.datasources, space.datasources, prune);
  const notes = [...components.notes];
  if (datasources === undefined && space.datasources.length > 0) {
    notes.push(`schema/ has no datasources.json, so the space's ${space.datasources.length} datasource(s) are left as they are.`);
  }
  const languages = local.languages === undefined ? { breaking: [] } : planLanguages(local.languages, space.languages);
  if (local.languages === undefined && space.languages.languages.length > 0) {
    notes.push(`schema/ has no languages.json, so the space's ${space.languages.languages.length} language(s) are left as they are.`);
  }
  const tagged = local.components.filter((raw) => !isUnset(raw.internal_tag_ids)).map((raw) => String(raw.name));
  if (tagged.length > 0)
    notes.push(`internal tags are not pushed (their ids are each space's own): ${tagged.join(", ")} keep the space's tags.`);

  return {
    groups: groups.steps,
    components: components.steps,
    presets: presets.steps,
    datasources: datasources?.steps ?? [],
    ...(languages.step && { languages: languages.step }),
    breaking: [
      ...fieldBreaking(components.rawFieldBreaking, options.fields),
      ...components.breaking,
      ...(datasources?.breaking ?? []),
      ...languages.breaking,
    ],
    kept: [...groups.kept, ...components.kept, ...presets.kept, ...(datasources?.kept ?? [])],
    notes,
  };
}

/** The judged field changes, and the raw rule's for components the generator could not type; in block order, as the plan lists components. */
function fieldBreaking(raw: (BreakingChange & { block: string })[], judged: ModelJudgement | undefined): BreakingChange[] {
  if (judged === undefined) return raw.map(({ subject, reason }) => ({ subject, reason }));
  const all = [...judged.breaking, ...raw.filter((change) => judged.untyped.has(change.block))];
  return all.sort((a, b) => compareNames(a.subject, b.subject)).map(({ subject, reason }) => ({ subject, reason }));
}
