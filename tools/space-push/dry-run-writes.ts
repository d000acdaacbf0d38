/**
 * The writes of a dry run: nothing is sent. Each write answers as the space
 * would, with made-up ids (negative, so they can never be a space's), so the
 * push runs its whole course and reports every write it would make.
 */
import type { SignedUpload, SpaceApi, SpaceAsset, SpaceReads, SpaceStory, SpaceWrites, StoryBody } from "./space-api";

export function withDryRunWrites(reads: SpaceReads): SpaceApi {
  let lastId = 0;
  const nextId = () => --lastId;
  const story = (id: number, body: StoryBody, publish: boolean, uuid = `dry-run-${-id}`): SpaceStory => ({
    ...body,
    id,
    uuid,
    full_slug: body.slug,
    is_folder: body.is_folder ?? false,
    published: publish,
    unpublished_changes: false,
  });
  const writes: SpaceWrites = {
    createStory: async (body, publish) => story(nextId(), body, publish),
    updateStory: async (id, body, publish) => story(id, body, publish),
    unpublishStory: async () => {},
    signAsset: async ({ shortFilename, replaceId }): Promise<SignedUpload> => ({
      id: replaceId ?? nextId(),
      post_url: "",
      fields: {},
      pretty_url: `(new asset) ${shortFilename}`,
    }),
    postAssetFile: async () => {},
    finishAsset: async (id): Promise<SpaceAsset> => ({ id, filename: `(asset ${id})` }),
  };
  return { ...reads, ...writes };
}
