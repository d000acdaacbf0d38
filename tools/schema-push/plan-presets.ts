/**
 * Presets as schema/ saves them: each component's `all_presets`, matched by
 * component and preset name. The Management API lists a component's presets
 * without their content, so a preset saved without `preset` leaves the
 * space's content alone; one saved with it is compared and sent.
 */
import { changedKeys, type RawObject } from "./comparable";
import type { PresetShape } from "./component-shape";
import type { PresetStep } from "./plan-model";

export interface ComponentPresets {
  component: string;
  local: PresetShape[];
  /** The space's presets of this component, with their ids; empty when the component is new. */
  space: { shape: PresetShape; id: number }[];
}

export function planPresets(components: ComponentPresets[], prune: boolean): { steps: PresetStep[]; kept: string[] } {
  const steps: PresetStep[] = [];
  const kept: string[] = [];
  for (const { component, local, space } of components) {
    const spaceByName = new Map(space.map((preset) => [preset.shape.name, preset]));
    for (const preset of local) {
      const existing = spaceByName.get(preset.name);
      if (existing === undefined) {
        steps.push({ action: "add", component, name: preset.name, local: preset, settings: [] });
        continue;
      }
      const to = preset.settings;
      const from = comparedSettings(existing.shape.settings, to);
      const settings = changedKeys(to, from).map((key) => ({ key, from: from[key], to: to[key] }));
      if (settings.length > 0)
        steps.push({ action: "change", component, name: preset.name, local: preset, spaceId: existing.id, settings });
    }
    const localNames = new Set(local.map((preset) => preset.name));
    for (const preset of space.filter((candidate) => !localNames.has(candidate.shape.name))) {
      if (prune) steps.push({ action: "remove", component, name: preset.shape.name, spaceId: preset.id, settings: [] });
      else kept.push(`preset "${preset.shape.name}" of component ${component}`);
    }
  }
  return { steps, kept };
}

/** The space's settings, without the content when schema/ does not hold it. */
function comparedSettings(space: RawObject, local: RawObject): RawObject {
  if ("preset" in local) return space;
  const { preset: _content, ...rest } = space;
  return rest;
}
