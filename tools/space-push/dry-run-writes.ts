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
    createStory: (body, publish) => Promise.resolve(story(nextId(), body, publish)),
    updateStory: (id, body, publish) => Promise.resolve(story(id, body, publish)),
    unpublishStory: async () => {},
    signAsset: ({ shortFilename, replaceId }): Promise<SignedUpload> =>
      Promise.resolve({
        id: replaceId ?? nextId(),
        post_url: "",
        fields: {},
        pretty_url: `(new asset) ${shortFilename}`,
      }),
    postAssetFile: async () => {},
    finishAsset: (id): Promise<SpaceAsset> => Promise.resolve({ id, filename: `(asset ${id})` }),
  };
  return { ...reads, ...writes };
}
