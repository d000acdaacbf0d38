/**
 * `/component_groups`: the folders components sit in
 * (https://storyblok.com/docs/api/management/component-folders). Whitelists
 * name groups by uuid, which the space assigns; deleting a group leaves its
 * components at the top level.
 */
import { randomUUID } from "node:crypto";
import { created, noContent, notFound, ok, unprocessable } from "./responses";
import { missingParam, wrapped } from "./request-body";
import type { ComponentGroupBody, ComponentGroupListBody } from "./client-types";
import type { Route } from "./routes";
import type { ComponentGroupRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { hasErrors, idOf, requireStrings, type FieldErrors } from "./validation";

function find(state: SpaceState, id: string | undefined): ComponentGroupRecord | undefined {
  const numeric = idOf(id);
  return state.componentGroups.find((g) => g.id === numeric);
}

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
  {
    method: "GET",
    path: "/component_groups/:id",
    async endpoint({ store, params }) {
      const group = find(await store.read(), params.id);
      return group ? ok({ component_group: group } satisfies ComponentGroupBody) : notFound();
    },
  },
  {
    method: "POST",
    path: "/component_groups",
    endpoint: ({ store, body }) =>
      store.write((tx) => {
        const input = wrapped(body, "component_group");
        if (!input) return unprocessable(missingParam("component_group"));
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
        tx.touch("components");
        return created({ component_group: group } satisfies ComponentGroupBody);
      }),
  },
  {
    method: "PUT",
    path: "/component_groups/:id",
    endpoint: ({ store, body, params }) =>
      store.write((tx) => {
        const group = find(tx.state, params.id);
        if (!group) return notFound();
        const input = wrapped(body, "component_group");
        if (!input) return unprocessable(missingParam("component_group"));
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
        tx.touch("components");
        return ok({ component_group: group } satisfies ComponentGroupBody);
      }),
  },
  {
    method: "DELETE",
    path: "/component_groups/:id",
    endpoint: ({ store, params }) =>
      store.write((tx) => {
        const group = find(tx.state, params.id);
        if (!group) return notFound();
        tx.state.componentGroups = tx.state.componentGroups.filter((g) => g !== group);
        for (const component of tx.state.components)
          if (component.component_group_uuid === group.uuid) component.component_group_uuid = null;
        for (const child of tx.state.componentGroups) {
          if (child.parent_id === group.id) Object.assign(child, { parent_id: null, parent_uuid: null });
        }
        tx.touch("components");
        return noContent();
      }),
  },
];
