/**
 * `/presets`: saved block contents of a component
 * (https://storyblok.com/docs/api/management/presets). Preset names need only
 * be unique per component (storyblok/monoblok#154).
 */
import type { PresetBody, PresetListBody } from "./client-types";
import { changeWith, createWith, readOne, resource, updateWith } from "./resource";
import { created, ok, unprocessable } from "./responses";
import type { Route } from "./routes";
import type { PresetRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { hasErrors, idOf, requireStrings, TAKEN, writable, type FieldErrors } from "./validation";

const READ_ONLY = ["id", "space_id", "created_at", "updated_at"];

const presetResource = resource<PresetRecord>("preset", ["presets"], (state) => state.presets);

function presetErrors(state: SpaceState, preset: { name: unknown; component_id: unknown }, exceptId?: number): FieldErrors {
  const errors = requireStrings(preset, ["name"]);
  const componentId = idOf(preset.component_id);
  if (!state.components.some((c) => c.id === componentId)) errors.component = ["must exist"];
  else if (state.presets.some((p) => p.component_id === componentId && p.name === preset.name && p.id !== exceptId)) errors.name = [TAKEN];
  return errors;
}

export const presetRoutes: Route[] = [
  {
    method: "GET",
    path: "/presets",
    async endpoint({ store, query }) {
      const state = await store.read();
      const componentId = idOf(query.get("component_id"));
      const presets = componentId === undefined ? state.presets : state.presets.filter((p) => p.component_id === componentId);
      return ok({ presets } satisfies PresetListBody);
    },
  },
  { method: "GET", path: "/presets/:id", endpoint: readOne(presetResource) },
  {
    method: "POST",
    path: "/presets",
    endpoint: createWith(presetResource, (input, tx, { now, spaceId }) => {
      const errors = presetErrors(tx.state, { name: input.name, component_id: input.component_id });
      if (hasErrors(errors)) return unprocessable(errors);
      const at = now();
      const preset: PresetRecord = {
        preset: {},
        image: null,
        color: null,
        icon: null,
        description: null,
        ...writable(input, READ_ONLY),
        name: input.name as string,
        component_id: idOf(input.component_id)!,
        id: tx.nextId(),
        space_id: spaceId,
        created_at: at,
        updated_at: at,
      };
      tx.state.presets.push(preset);
      return created({ preset } satisfies PresetBody);
    }),
  },
  {
    method: "PUT",
    path: "/presets/:id",
    endpoint: updateWith(presetResource, (preset, input, tx, { now }) => {
      const next = { name: input.name ?? preset.name, component_id: input.component_id ?? preset.component_id };
      const errors = presetErrors(tx.state, next, preset.id);
      if (hasErrors(errors)) return unprocessable(errors);
      Object.assign(preset, writable(input, READ_ONLY), { component_id: idOf(next.component_id)!, updated_at: now() });
      return ok({ preset } satisfies PresetBody);
    }),
  },
  {
    method: "DELETE",
    path: "/presets/:id",
    endpoint: changeWith(presetResource, (preset, tx) => {
      tx.state.presets = tx.state.presets.filter((p) => p !== preset);
      // A component whose default preset this was has none now.
      for (const component of tx.state.components) if (component.preset_id === preset.id) component.preset_id = null;
      tx.touch("components");
      return ok({ preset } satisfies PresetBody);
    }),
  },
];
