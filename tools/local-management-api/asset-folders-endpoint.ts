/**
 * `/asset_folders`: folders assets sit in (https://www.storyblok.com/docs/api/management/asset-folders),
 * nested by `parent_id`. Storyblok's CLI lists them before pulling assets. Deleting a
 * folder leaves its assets at the top level and moves its folders up a level, or with
 * `recursive=true` deletes its folders too (their assets move to the top level as well).
 */
import { randomUUID } from "node:crypto";
import type { AssetFolderBody, AssetFolderListBody } from "./client-types";
import { created, noContent, ok, unprocessable } from "./responses";
import { changeWith, createWith, readOne, resource, updateWith } from "./resource";
import type { Route } from "./routes";
import type { AssetFolderRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { idOf, requireStrings, type FieldErrors } from "./validation";

const folderResource = resource<AssetFolderRecord>("asset_folder", ["asset_folders"], (state) => state.assetFolders);

/** Every folder inside `folder`, at any depth. */
function inside(state: SpaceState, folder: AssetFolderRecord): AssetFolderRecord[] {
  const found: AssetFolderRecord[] = [];
  const ids = new Set([folder.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of state.assetFolders) {
      if (!ids.has(f.id) && f.parent_id !== null && ids.has(f.parent_id)) {
        ids.add(f.id);
        found.push(f);
        grew = true;
      }
    }
  }
  return found;
}

/** The parent a create or update names (null or 0: the top level), checked to be another folder of the space and not one inside `self`. */
function parentOf(
  state: SpaceState,
  input: Record<string, unknown>,
  self?: AssetFolderRecord,
): { parent: AssetFolderRecord | null } | { errors: FieldErrors } {
  const id = input.parent_id;
  if (id === undefined || id === null || idOf(id) === 0) return { parent: null };
  const parent = folderResource.find(state, String(idOf(id) ?? ""));
  if (!parent || (self && (parent === self || inside(state, self).includes(parent))))
    return { errors: { parent_id: ["must be the id of another asset folder of the space"] } };
  return { parent };
}

export const assetFolderRoutes: Route[] = [
  {
    method: "GET",
    path: "/asset_folders",
    async endpoint({ store, query }) {
      const state = await store.read();
      const search = query.get("search")?.toLowerCase();
      const parent = query.get("with_parent");
      const ids = query
        .get("by_ids")
        ?.split(",")
        .map((id) => idOf(id.trim()));
      const uuids = query
        .get("by_uuids")
        ?.split(",")
        .map((uuid) => uuid.trim());
      const folders = state.assetFolders.filter(
        (f) =>
          (!search || f.name.toLowerCase().includes(search)) &&
          (parent === null || (f.parent_id ?? 0) === idOf(parent)) &&
          (!ids || ids.includes(f.id)) &&
          (!uuids || uuids.includes(f.uuid)),
      );
      return ok({ asset_folders: folders } satisfies AssetFolderListBody);
    },
  },
  { method: "GET", path: "/asset_folders/:id", endpoint: readOne(folderResource) },
  {
    method: "POST",
    path: "/asset_folders",
    endpoint: createWith(folderResource, (input, tx) => {
      const errors = requireStrings(input, ["name"]);
      if (Object.keys(errors).length > 0) return unprocessable(errors);
      const result = parentOf(tx.state, input);
      if ("errors" in result) return unprocessable(result.errors);
      const folder: AssetFolderRecord = {
        id: tx.nextId(),
        name: input.name as string,
        uuid: randomUUID(),
        parent_id: result.parent?.id ?? null,
        parent_uuid: result.parent?.uuid ?? null,
      };
      tx.state.assetFolders.push(folder);
      return created({ asset_folder: folder } satisfies AssetFolderBody);
    }),
  },
  {
    method: "PUT",
    path: "/asset_folders/:id",
    endpoint: updateWith(folderResource, (folder, input, tx) => {
      if (input.name !== undefined) {
        const errors = requireStrings(input, ["name"]);
        if (Object.keys(errors).length > 0) return unprocessable(errors);
        folder.name = input.name as string;
      }
      if ("parent_id" in input) {
        const result = parentOf(tx.state, input, folder);
        if ("errors" in result) return unprocessable(result.errors);
        folder.parent_id = result.parent?.id ?? null;
        folder.parent_uuid = result.parent?.uuid ?? null;
      }
      return noContent();
    }),
  },
  {
    method: "DELETE",
    path: "/asset_folders/:id",
    endpoint: changeWith(folderResource, (folder, tx, { query }) => {
      const recursive = query.get("recursive") === "true" || query.get("recursive") === "1";
      const gone = new Set([folder, ...(recursive ? inside(tx.state, folder) : [])]);
      const goneIds = new Set([...gone].map((f) => f.id));
      tx.state.assetFolders = tx.state.assetFolders.filter((f) => !gone.has(f));
      for (const child of tx.state.assetFolders) {
        // Without `recursive`, the folder's own folders move up to its parent.
        if (child.parent_id === folder.id) Object.assign(child, { parent_id: folder.parent_id, parent_uuid: folder.parent_uuid });
      }
      for (const asset of tx.state.assets)
        if (typeof asset.asset_folder_id === "number" && goneIds.has(asset.asset_folder_id)) asset.asset_folder_id = null;
      tx.touch("assets");
      return noContent();
    }),
  },
];
