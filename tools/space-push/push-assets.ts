/**
 * Step 2: every local asset into the space through Storyblok's signed
 * upload (sign, post the file to the form, finish). An asset is matched by
 * the SHA-256 of its file, which the space itself keeps in the asset's
 * `ext_id` ("sha256:<hex>"): a field of Storyblok's asset (typed in its
 * OpenAPI description, settable when signing and by update, returned in
 * lists and filterable with `ext_id=`) that no editor sees or changes, so a
 * second push, from any machine, with or without a journal, finds the file
 * it uploaded and never uploads it twice; a changed file is a new asset.
 */
import { readFile } from "node:fs/promises";
import type { LocalAsset } from "./local-assets";
import { recordAction, step, type PushContext } from "./push-context";
import type { SpaceAsset } from "./space-api";
import { crashPoint } from "../crash-point";
import { toManagementRequestError } from "../management-api/management-errors";

export const EXT_ID_PREFIX = "sha256:";

export async function pushAssets(context: PushContext, assets: readonly LocalAsset[]): Promise<void> {
  const { api, journal, summary } = context;
  if (assets.length === 0) return;
  const inSpace = new Map<string, SpaceAsset>();
  for (const asset of await step("listing the space's assets", () => api.listAssets())) {
    if (typeof asset.ext_id === "string" && asset.ext_id.startsWith(EXT_ID_PREFIX) && !inSpace.has(asset.ext_id))
      inSpace.set(asset.ext_id, asset);
  }

  // Two paths with the same bytes are one asset, pushed (and counted) once.
  const pushed = new Map<string, { id: number; filename: string }>();
  for (const local of assets) {
    const extId = `${EXT_ID_PREFIX}${local.sha256}`;
    const same = pushed.get(local.sha256);
    if (same) {
      context.assets.set(local.path, same);
      continue;
    }
    const existing = inSpace.get(extId);
    const journalled = journal.data.assets[local.sha256];
    if (existing && !unfinished(existing, local, journalled?.id === existing.id ? journalled.finished : undefined)) {
      const ref = { id: existing.id, filename: existing.filename };
      context.assets.set(local.path, ref);
      pushed.set(local.sha256, ref);
      summary.assets.unchanged++;
      if (!journalled || journalled.id !== existing.id || !journalled.finished) {
        journal.data.assets[local.sha256] = { id: existing.id, filename: existing.filename, finished: true };
        journal.save();
      }
      continue;
    }
    // An upload this push signed but never finished is finished into the same asset, not begun again beside it
    // (a space may leave such an asset out of its list, as the local one does: the journal still knows its id).
    const replaceId = existing?.id ?? (journalled && !journalled.finished ? journalled.id : undefined);
    const what = `${replaceId === undefined ? "uploading" : "re-uploading the unfinished"} asset ${local.path}`;
    const signed = await step(`${what} (signing)`, () =>
      api.signAsset({ shortFilename: local.shortFilename, extId, replaceId }).catch((error: unknown) => {
        // The unfinished asset is gone (deleted in the space): a new one, then.
        if (replaceId !== undefined && !existing && toManagementRequestError(error).status === 404)
          return api.signAsset({ shortFilename: local.shortFilename, extId });
        throw error;
      }),
    );
    journal.data.assets[local.sha256] = { id: signed.id, filename: signed.pretty_url ?? "", finished: false };
    journal.save();
    crashPoint("space-push:after-signed");
    const bytes = new Uint8Array(await readFile(local.file));
    await step(`${what} (posting the file)`, () => api.postAssetFile(signed, bytes, local.shortFilename));
    const finished = await step(`${what} (finishing)`, () => api.finishAsset(signed.id));
    crashPoint("space-push:after-finished");
    const ref = { id: finished.id ?? signed.id, filename: finished.filename };
    context.assets.set(local.path, ref);
    pushed.set(local.sha256, ref);
    journal.data.assets[local.sha256] = { ...ref, finished: true };
    journal.save();
    const replaced = signed.id === replaceId;
    if (replaced) summary.assets.updated++;
    else summary.assets.created++;
    recordAction(context, { kind: "asset", verb: replaced ? "replace" : "upload", name: local.path, detail: `${local.size} bytes` });
  }
}

/**
 * An asset whose upload was signed but never finished: the journal says so,
 * or (without a journal) the space does not have the file's length, which
 * Storyblok records when the upload is finished.
 */
function unfinished(asset: SpaceAsset, local: LocalAsset, journalFinished: boolean | undefined): boolean {
  if (journalFinished === false) return true;
  if (journalFinished === true) return false;
  if (asset.content_length === undefined) return false;
  return asset.content_length !== local.size;
}
