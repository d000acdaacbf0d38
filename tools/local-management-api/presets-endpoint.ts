/**
 * `/presets`: saved block contents of a component
 * (https://storyblok.com/docs/api/management/presets). Preset names need only
 * be unique per component (storyblok/monoblok#154).
 */
import { created, notFound, ok, unprocessable } from "./responses";
import { missingParam, wrapped } from "./request-body";
import type { PresetBody, PresetListBody } from "./client-types";
import type { Route } from "./routes";
import type { PresetRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { hasErrors, idOf, requireStrings, TAKEN, writable, type FieldErrors } from "./validation";

const READ_ONLY = ["id", "space_id", "created_at", "updated_at"];

function find(state: SpaceState, id: string | undefined): PresetRecord | undefined {
  const numeric = idOf(id);
  return state.presets.find((p) => p.id === numeric);
}

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
  {
    method: "GET",
    path: "/presets/:id",
    async endpoint({ store, params }) {
      const preset = find(await store.read(), params.id);
      return preset ? ok({ preset } satisfies PresetBody) : notFound();
    },
  },
  {
    method: "POST",
    path: "/presets",
    endpoint: ({ store, body, now, spaceId }) =>
      store.write((tx) => {
        const input = wrapped(body, "preset");
        if (!input) return unprocessable(missingParam("preset"));
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
        tx.touch("presets");
        return created({ preset } satisfies PresetBody);
      }),
  },
  {
    method: "PUT",
    path: "/presets/:id",
    endpoint: ({ store, body, params, now }) =>
      store.write((tx) => {
        const preset = find(tx.state, params.id);
        if (!preset) return notFound();
        const input = wrapped(body, "preset");
        if (!input) return unprocessable(missingParam("preset"));
        const next = { name: input.name ?? preset.name, component_id: input.component_id ?? preset.component_id };
        const errors = presetErrors(tx.state, next, preset.id);
        if (hasErrors(errors)) return unprocessable(errors);
        Object.assign(preset, writable(input, READ_ONLY), { component_id: idOf(next.component_id)!, updated_at: now() });
        tx.touch("presets");
        return ok({ preset } satisfies PresetBody);
      }),
  },
  {
    method: "DELETE",
    path: "/presets/:id",
    endpoint: ({ store, params }) =>
      store.write((tx) => {
        const preset = find(tx.state, params.id);
        if (!preset) return notFound();
        tx.state.presets = tx.state.presets.filter((p) => p !== preset);
        // A component whose default preset this was has none now.
        for (const component of tx.state.components) if (component.preset_id === preset.id) component.preset_id = null;
        tx.touch("presets");
        tx.touch("components");
        return ok({ preset } satisfies PresetBody);
      }),
  },
];
