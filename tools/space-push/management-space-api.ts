/**
 * The space a push talks to, through Storyblok's Management API client,
 * whose request window keeps every call within the rate limit. Every
 * method is one HTTP request, and counted. The client's `assets.upload` is
 * not used: it adds a fourth request (a GET the finish step's answer makes
 * needless) and hides its steps from the count and from the journal, which
 * must know an upload that was signed but not finished.
 */
import type { ManagementClient } from "../management-api/management-client";
import { listAll } from "../management-api/list-all";
import type { JsonObject } from "../../src/content/sources/local-cdn/story-types";
import { countRequest, type RequestCounts, type RequestKind } from "./request-counts";
import type { SpaceApi, SpaceAsset, SpaceStory, SpaceStorySummary, StoryBody } from "./space-api";

export interface ManagementSpaceApiOptions {
  client: ManagementClient;
  spaceId: number;
  counts: RequestCounts;
}

export function createManagementSpaceApi({ client, spaceId, counts }: ManagementSpaceApiOptions): SpaceApi {
  const request = <T>(kind: RequestKind, call: string, send: () => Promise<T>): Promise<T> => {
    countRequest(counts, kind, call);
    return send();
  };

  return {
    listStories: () =>
      listAll((page, perPage) =>
        request("read", "listStories", () => client.stories.list({ query: { page, per_page: perPage } })).then(({ data, response }) => ({
          rows: (data.stories ?? []) as unknown as SpaceStorySummary[],
          response,
        })),
      ),

    getStory: async (id) => storyOf((await request("read", "getStory", () => client.stories.get(id))).data),

    listAssets: () =>
      listAll((page, perPage) =>
        request("read", "listAssets", () => client.assets.list({ query: { page, per_page: perPage } })).then(({ data, response }) => ({
          rows: (data.assets ?? []) as unknown as SpaceAsset[],
          response,
        })),
      ),

    // `publish: 1` goes in the body, as Storyblok documents it (https://www.storyblok.com/docs/api/management/stories/create-a-story);
    // the client's OpenAPI types place it in the query instead, so the body is widened here.
    createStory: async (body, publish) =>
      storyOf((await request("write", "createStory", () => client.stories.create({ body: storyRequest(body, publish) }))).data),

    updateStory: async (id, body, publish) =>
      storyOf((await request("write", "updateStory", () => client.stories.update(id, { body: storyRequest(body, publish) }))).data),

    // The client has no unpublish method: Storyblok's documented GET /stories/:id/unpublish through its escape hatch.
    unpublishStory: async (id) => {
      await request("write", "unpublishStory", () => client.get(`/v1/spaces/${spaceId}/stories/${id}/unpublish`, { throwOnError: true }));
    },

    signAsset: async ({ shortFilename, extId, replaceId }) => {
      // `id` (replace that asset's file) is documented for this call but missing from the client's types.
      const query = { filename: shortFilename, ext_id: extId, ...(replaceId === undefined ? {} : { id: replaceId }) };
      const { data } = await request("write", "signAsset", () => client.assets.signResponseObject({ query }));
      return data;
    },

    // To the upload form's host (Storyblok's S3 bucket), which the Management API's limit does not cover: plain fetch.
    postAssetFile: (signed, bytes, shortFilename) =>
      request("upload", "postAssetFile", async () => {
        const form = new FormData();
        for (const [key, value] of Object.entries(signed.fields)) form.append(key, value);
        const type = signed.fields["Content-Type"] ?? "application/octet-stream";
        form.append("file", new File([bytes], shortFilename, { type }));
        const response = await fetch(signed.post_url, { method: "POST", body: form });
        if (!response.ok) {
          const text = await response.text().catch(() => "");
          throw new Error(
            `the signed upload form answered ${response.status} ${response.statusText}${text ? `: ${text.slice(0, 300)}` : ""}`,
          );
        }
      }),

    finishAsset: async (id) => {
      const { data } = await request("write", "finishAsset", () => client.assets.finalize(id));
      // Storyblok documents `{ asset: {...} }`; the client's types say the asset itself. Take either.
      const answer = data as unknown as { asset?: SpaceAsset } & SpaceAsset;
      return answer.asset ?? answer;
    },
  };
}

function storyRequest(body: StoryBody, publish: boolean): { story: StoryBody & JsonObject; publish?: number } {
  return { story: body as StoryBody & JsonObject, ...(publish ? { publish: 1 } : {}) };
}

function storyOf(data: unknown): SpaceStory {
  const story = (data as { story?: SpaceStory } | undefined)?.story;
  if (!story || typeof story.id !== "number") throw new Error(`the answer holds no story: ${JSON.stringify(data).slice(0, 300)}`);
  return story;
}
