/**
 * `/components`: the space's blocks, with their fields (`schema`), group and
 * presets (https://storyblok.com/docs/api/management/components). Names are
 * unique in a space; a second `page` is a 422 `{"name":["has already been taken"]}`.
 * The list is not paged: Storyblok returns every component, and the
 * component groups beside them.
 */
import type { ComponentAnswer, ComponentBody, ComponentCreatedBody, ComponentListAnswer } from "./client-types";
import { created, ok, unprocessable } from "./responses";
import { changeWith, createWith, readOne, resource, updateWith } from "./resource";
import type { Route } from "./routes";
import { tagList } from "./internal-tags-endpoint";
import { componentDefaults } from "./component-defaults";
import type { ComponentRecord, InternalTagRecord, PresetRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { BLANK, hasErrors, isBlank, TAKEN, writable, type FieldErrors } from "./validation";

const READ_ONLY = ["id", "created_at", "updated_at", "real_name", "all_presets", "internal_tags_list"];

/** The component as answered: its stored fields plus those Storyblok derives. */
export function componentView(
  component: ComponentRecord,
  presets: readonly PresetRecord[],
  tags: readonly InternalTagRecord[] = [],
): ComponentAnswer {
  const displayName = typeof component.display_name === "string" && component.display_name !== "" ? component.display_name : null;
  return {
    ...component,
    real_name: displayName ?? component.name,
    all_presets: presets.filter((p) => p.component_id === component.id).map(presetSummary),
    internal_tags_list: tagList(tags, component.internal_tag_ids),
  };
}

type PresetSummary = NonNullable<ComponentAnswer["all_presets"]>[number];

function presetSummary(preset: PresetRecord): PresetSummary {
  const { id, name, preset: content, component_id, image, icon, color, description } = preset;
  return {
    id,
    name,
    preset: content ?? {},
    component_id,
    image: image ?? null,
    icon: icon ?? null,
    color: color ?? null,
    description: description ?? null,
  };
}

function nameErrors(state: SpaceState, name: unknown, exceptId?: number): FieldErrors {
  if (isBlank(name)) return { name: [BLANK] };
  if (state.components.some((c) => c.name === name && c.id !== exceptId)) return { name: [TAKEN] };
  return {};
}

function groupErrors(state: SpaceState, input: Record<string, unknown>): FieldErrors {
  const uuid = input.component_group_uuid;
  if (uuid === undefined || uuid === null) return {};
  return state.componentGroups.some((g) => g.uuid === uuid)
    ? {}
    : { component_group_uuid: ["must refer to a component group of the space"] };
}

const componentResource = resource<ComponentRecord>("component", ["components"], (state) => state.components);

export const componentRoutes: Route[] = [
  {
    method: "GET",
    path: "/components",
    async endpoint({ store }) {
      const state = await store.read();
      const components = state.components.map((c) => componentView(c, state.presets, state.internalTags));
      return ok({ components, component_groups: state.componentGroups } satisfies ComponentListAnswer);
    },
  },
  {
    method: "GET",
    path: "/components/:id",
    endpoint: readOne(
      componentResource,
      (component, state) => ({ component: componentView(component, state.presets, state.internalTags) }) satisfies ComponentBody,
    ),
  },
  {
    method: "POST",
    path: "/components",
    endpoint: createWith(componentResource, (input, tx, { now }) => {
      const errors = { ...nameErrors(tx.state, input.name), ...groupErrors(tx.state, input) };
      if (hasErrors(errors)) return unprocessable(errors);
      const at = now();
      // A content type is not nestable unless it says so; a block without either flag is nestable.
      const nestable = { is_nestable: input.is_root !== true };
      // defaults() has every field the client's Component requires; the request's own fields go over them as sent.
      const component = {
        ...componentDefaults(),
        ...nestable,
        ...writable(input, READ_ONLY),
        name: input.name as string,
        id: tx.nextId(),
        created_at: at,
        updated_at: at,
      } as ComponentRecord;
      tx.state.components.push(component);
      return created({ component: componentView(component, tx.state.presets, tx.state.internalTags) } satisfies ComponentCreatedBody);
    }),
  },
  {
    method: "PUT",
    path: "/components/:id",
    endpoint: updateWith(componentResource, (component, input, tx, { now }) => {
      const errors = {
        ...(input.name === undefined ? {} : nameErrors(tx.state, input.name, component.id)),
        ...groupErrors(tx.state, input),
      };
      if (hasErrors(errors)) return unprocessable(errors);
      Object.assign(component, writable(input, READ_ONLY), { updated_at: now() });
      return ok({ component: componentView(component, tx.state.presets, tx.state.internalTags) } satisfies ComponentBody);
    }),
  },
  {
    method: "DELETE",
    path: "/components/:id",
    endpoint: changeWith(componentResource, (component, tx) => {
      const view = componentView(component, tx.state.presets, tx.state.internalTags);
      tx.state.components = tx.state.components.filter((c) => c !== component);
      // A component's presets go with it.
      if (tx.state.presets.some((p) => p.component_id === component.id)) {
        tx.state.presets = tx.state.presets.filter((p) => p.component_id !== component.id);
        tx.touch("presets");
      }
      return ok({ component: view } satisfies ComponentBody);
    }),
  },
];
