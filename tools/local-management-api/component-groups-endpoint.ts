/**
 * `/component_groups`: the folders components sit in
 * (https://storyblok.com/docs/api/management/component-folders). Whitelists
 * name groups by uuid, which the space assigns; deleting a group leaves its
 * components at the top level.
 */
import { randomUUID } from "node:crypto";
import type { ComponentGroupBody, ComponentGroupListBody } from "./client-types";
import { changeWith, createWith, readOne, resource, updateWith } from "./resource";
import { created, noContent, ok, unprocessable } from "./responses";
import type { Route } from "./routes";
import type { ComponentGroupRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { hasErrors, idOf, requireStrings, type FieldErrors } from "./validation";

const groupResource = resource<ComponentGroupRecord>("component_group", ["components"], (state) => state.componentGroups);

/** The parent as given (`parent_id`), checked to be another group of the space. */
type ParentResult = { parent: ComponentGroupRecord | null } | { errors: FieldErrors };

function parentOf(state: SpaceState, input: Record<string, unknown>, self?: ComponentGroupRecord): ParentResult {
  if (input.parent_id === undefined || input.parent_id === null) return { parent: null };
  const parent = state.componentGroups.find((g) => g.id === idOf(input.parent_id));
  if (!parent || parent === self) return { errors: { parent_id: ["must refer to another component group of the space"] } };
  return { parent };
}

export const componentGroupRoutes: Route[] = [
  {
    method: "GET",
    path: "/component_groups",
    async endpoint({ store, query }) {
      const state = await store.read();
      const search = query.get("search")?.toLowerCase();
      const groups = search ? state.componentGroups.filter((g) => g.name.toLowerCase().includes(search)) : state.componentGroups;
      return ok({ component_groups: groups } satisfies ComponentGroupListBody);
    },
  },
  { method: "GET", path: "/component_groups/:id", endpoint: readOne(groupResource) },
  {
    method: "POST",
    path: "/component_groups",
    endpoint: createWith(groupResource, (input, tx) => {
      const errors = requireStrings(input, ["name"]);
      if (hasErrors(errors)) return unprocessable(errors);
      const result = parentOf(tx.state, input);
      if ("errors" in result) return unprocessable(result.errors);
      const { parent } = result;
      const group: ComponentGroupRecord = {
        id: tx.nextId(),
        name: input.name as string,
        uuid: randomUUID(),
        parent_id: parent?.id ?? null,
        parent_uuid: parent?.uuid ?? null,
      };
      tx.state.componentGroups.push(group);
      return created({ component_group: group } satisfies ComponentGroupBody);
    }),
  },
  {
    method: "PUT",
    path: "/component_groups/:id",
    endpoint: updateWith(groupResource, (group, input, tx) => {
      if (input.name !== undefined) {
        const errors = requireStrings(input, ["name"]);
        if (hasErrors(errors)) return unprocessable(errors);
        group.name = input.name as string;
      }
      if ("parent_id" in input) {
        const result = parentOf(tx.state, input, group);
        if ("errors" in result) return unprocessable(result.errors);
        const { parent } = result;
        group.parent_id = parent?.id ?? null;
        group.parent_uuid = parent?.uuid ?? null;
      }
      return ok({ component_group: group } satisfies ComponentGroupBody);
    }),
  },
  {
    method: "DELETE",
    path: "/component_groups/:id",
    endpoint: changeWith(groupResource, (group, tx) => {
      tx.state.componentGroups = tx.state.componentGroups.filter((g) => g !== group);
      for (const component of tx.state.components) if (component.component_group_uuid === group.uuid) component.component_group_uuid = null;
      for (const child of tx.state.componentGroups) {
        if (child.parent_id === group.id) Object.assign(child, { parent_id: null, parent_uuid: null });
      }
      return noContent();
    }),
  },
];
