/**
 * Step 1: the folders the stories sit in, parents first, each with its
 * parent's space id. A folder is matched by full slug. One that exists is
 * kept as the space has it, unless its parent is wrong, or the content
 * names it (local-folders.ts) and the space calls it otherwise: a name an
 * editor gave a folder in the space is not undone by a name made up from
 * its slug.
 */
import type { LocalFolder } from "./local-folders";
import { recordAction, SpacePushError, step, type PushContext } from "./push-context";
import type { StoryBody } from "./space-api";
import { crashPoint } from "../crash-point";

export async function pushFolders(context: PushContext, folders: readonly LocalFolder[]): Promise<void> {
  const { api, journal, summary } = context;
  for (const folder of folders) {
    for (const sourceId of folder.sourceIds) context.folderSlugBySourceId.set(sourceId, folder.fullSlug);
    const parentId = folder.parentSlug === "" ? 0 : context.folders.get(folder.parentSlug)?.id;
    if (parentId === undefined) throw new Error(`folder "${folder.fullSlug}": its parent "${folder.parentSlug}" was not pushed first`);
    const body: StoryBody = {
      name: folder.name,
      slug: folder.slug,
      parent_id: parentId,
      is_folder: true,
      ...(folder.position === undefined ? {} : { position: folder.position }),
    };
    const existing = context.spaceStories.get(folder.fullSlug);
    if (existing && !existing.is_folder) {
      throw new SpacePushError(
        `folder "${folder.fullSlug}"`,
        undefined,
        `the space has a story, not a folder, at that full slug; move or rename it first`,
      );
    }
    if (existing) {
      context.folders.set(folder.fullSlug, { id: existing.id, uuid: existing.uuid });
      const named = folder.named;
      const differs =
        (existing.parent_id ?? 0) !== parentId ||
        (named && existing.name !== undefined && existing.name !== folder.name) ||
        (named && folder.position !== undefined && existing.position !== undefined && existing.position !== folder.position);
      if (differs) {
        await step(`updating folder "${folder.fullSlug}"`, () =>
          api.updateStory(existing.id, named ? body : { ...body, name: existing.name ?? folder.name }, false),
        );
        summary.folders.updated++;
        recordAction(context, { kind: "folder", verb: "update", name: folder.fullSlug });
      } else {
        summary.folders.unchanged++;
      }
      journal.data.folders[folder.fullSlug] = { id: existing.id, uuid: existing.uuid };
      continue;
    }
    const created = await step(`creating folder "${folder.fullSlug}"`, () => api.createStory(body, false));
    crashPoint("space-push:after-folder");
    context.folders.set(folder.fullSlug, { id: created.id, uuid: created.uuid });
    journal.data.folders[folder.fullSlug] = { id: created.id, uuid: created.uuid };
    journal.save();
    summary.folders.created++;
    recordAction(context, { kind: "folder", verb: "create", name: folder.fullSlug });
  }
}
