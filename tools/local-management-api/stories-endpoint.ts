/**
 * `/stories`: stories and folders (https://storyblok.com/docs/api/management/stories).
 * A story is written where the CDN reads it (space-files.ts):
 *  - create or update without publishing: a never-published story's file
 *    changes (`published_at: null`); a published story gets a pending draft
 *    under `drafts/`, and the published file stays as it is;
 *  - publish (`?publish=1`, `publish: 1` in the body, or
 *    `GET /stories/:id/publish`): the working copy becomes the story file,
 *    the draft file goes;
 *  - unpublish: the working copy stays, with `published_at: null`.
 * Folders (`is_folder: true`) live in `space/folders.json`; the CDN does
 * not serve them. `force_update` is accepted: it overrides Storyblok's
 * editing locks, which this emulator does not have.
 */
import { randomUUID } from "node:crypto";
import type { CdnStory, JsonObject } from "../../src/content/sources/local-cdn/story-types";
import { created, ok, unprocessable } from "./responses";
import { paginate } from "./pagination";
import { changeWith, createWith, readOne, updateWith, type Resource } from "./resource";
import { storyFile } from "./space-files";
import type { StoryBody, StoryCreatedBody } from "./client-types";
import type { Route } from "./routes";
import type { FolderRecord, StoryEntry } from "./space-records";
import type { SpaceState, SpaceTransaction } from "./space-store";
import { contentErrors, placementOf, wantsPublish, type Placement } from "./story-input";
import { listStoryRows } from "./story-list";
import { descendants, fullSlugOf, parentIdOf } from "./story-tree";
import { folderView, storyView, workingCopy } from "./story-views";
import { hasErrors, idOf } from "./validation";

/** Fields of a story a create or update may set besides its place and content (those the CDN's files keep). */
const EDITABLE = ["tag_list", "position", "sort_by_date", "meta_data", "path", "first_published_at", "group_id"] as const;

type Found = { entry: StoryEntry } | { folder: FolderRecord } | undefined;

function find(state: SpaceState, key: string | undefined): Found {
  const id = idOf(key);
  if (id !== undefined) {
    const entry = state.stories.get(id);
    if (entry) return { entry };
    const folder = state.folders.find((f) => f.id === id);
    return folder ? { folder } : undefined;
  }
  // The client's get takes a numeric id or a uuid.
  for (const entry of state.stories.values()) if (entry.story.uuid === key) return { entry };
  const folder = state.folders.find((f) => f.uuid === key);
  return folder ? { folder } : undefined;
}

/** Stories and folders alike, by id or uuid; a write names the story files it changes itself (touchStory). */
const storyResource: Resource<NonNullable<Found>> = { key: "story", documents: [], find };

function editable(input: Record<string, unknown>): JsonObject {
  return Object.fromEntries(EDITABLE.filter((key) => input[key] !== undefined).map((key) => [key, input[key]])) as JsonObject;
}

function placed(placement: Placement): { name: string; slug: string; full_slug: string; parent_id: number; is_startpage: boolean } {
  return {
    name: placement.name,
    slug: placement.slug,
    full_slug: placement.fullSlug,
    parent_id: placement.parentId,
    is_startpage: placement.isStartpage,
  };
}

/** Content as stored: every block has a `_uid`, the root one too. */
function withUid(content: unknown): CdnStory["content"] {
  const object = content as CdnStory["content"];
  return typeof object._uid === "string" && object._uid !== "" ? object : { ...object, _uid: randomUUID() };
}

function published(working: CdnStory, previous: CdnStory, at: string): CdnStory {
  return { ...working, published_at: at, first_published_at: previous.first_published_at ?? at };
}

/** After a folder moved or was renamed, every full slug inside it follows. */
function refreshFullSlugs(tx: SpaceTransaction): void {
  const { state } = tx;
  const byId = new Map(state.folders.map((f) => [f.id, f]));
  const fullSlugOfFolder = (folder: FolderRecord, seen = new Set<number>()): string => {
    const parent = byId.get(folder.parent_id);
    if (!parent || seen.has(parent.id)) return folder.slug;
    return `${fullSlugOfFolder(parent, seen.add(folder.id))}/${folder.slug}`;
  };
  for (const folder of state.folders) folder.full_slug = fullSlugOfFolder(folder);
  tx.touch("folders");
  for (const [id, entry] of state.stories) {
    const working = workingCopy(entry);
    const fullSlug = fullSlugOf(working.slug, byId.get(parentIdOf(working.parent_id)), working.is_startpage === true);
    if (entry.story.full_slug === fullSlug && (!entry.draft || entry.draft.full_slug === fullSlug)) continue;
    entry.story = { ...entry.story, full_slug: fullSlug };
    if (entry.draft) entry.draft = { ...entry.draft, full_slug: fullSlug };
    tx.touchStory(id);
  }
}

export const storyRoutes: Route[] = [
  {
    method: "GET",
    path: "/stories",
    async endpoint({ store, query }) {
      const state = await store.read();
      const page = paginate(listStoryRows(state, query), query);
      return ok({ stories: page.rows.map((s) => s.row()) }, page.headers);
    },
  },
  {
    method: "GET",
    path: "/stories/:id",
    endpoint: readOne(
      storyResource,
      (found, state) =>
        ({ story: "entry" in found ? storyView(found.entry, state.folders) : folderView(found.folder, state.folders) }) satisfies StoryBody,
    ),
  },

  {
    method: "POST",
    path: "/stories",
    endpoint: createWith(storyResource, (input, tx, { body, query, now }) => {
      const result = placementOf(tx.state, input, undefined);
      if ("errors" in result) return unprocessable(result.errors);
      const at = now();
      if (input.is_folder === true) {
        const folder: FolderRecord = {
          ...editable(input),
          ...placed(result.placement),
          is_startpage: false,
          id: tx.nextId(),
          uuid: randomUUID(),
          parent_id: result.placement.parentId,
          is_folder: true,
          created_at: at,
          updated_at: at,
        };
        tx.state.folders.push(folder);
        tx.touch("folders");
        return created({ story: folderView(folder, tx.state.folders) } satisfies StoryCreatedBody);
      }
      const errors = contentErrors(input.content);
      if (hasErrors(errors)) return unprocessable(errors);
      const publish = wantsPublish(body, query);
      const story = {
        created_at: at,
        updated_at: at,
        published_at: null,
        id: tx.nextId(),
        uuid: randomUUID(),
        content: withUid(input.content),
        sort_by_date: null,
        position: 0,
        tag_list: [],
        meta_data: null,
        group_id: randomUUID(),
        first_published_at: null,
        release_id: null,
        lang: "default",
        path: null,
        alternates: [],
        default_full_slug: null,
        translated_slugs: null,
        ...editable(input),
        ...placed(result.placement),
      } as CdnStory;
      const entry: StoryEntry = { story: publish ? published(story, story, at) : story, file: storyFile(story.full_slug, "stories") };
      tx.state.stories.set(story.id, entry);
      tx.touchStory(story.id);
      return created({ story: storyView(entry, tx.state.folders) } satisfies StoryCreatedBody);
    }),
  },
  {
    method: "PUT",
    path: "/stories/:id",
    endpoint: updateWith(storyResource, (found, input, tx, { body, query, now }) => {
      const at = now();
      if ("folder" in found) {
        const { folder } = found;
        const result = placementOf(tx.state, input, folder, folder);
        if ("errors" in result) return unprocessable(result.errors);
        Object.assign(folder, editable(input), placed(result.placement), { is_startpage: false, updated_at: at });
        refreshFullSlugs(tx);
        return ok({ story: folderView(folder, tx.state.folders) } satisfies StoryBody);
      }
      const { entry } = found;
      const working = workingCopy(entry);
      const result = placementOf(tx.state, input, working);
      if ("errors" in result) return unprocessable(result.errors);
      const errors = input.content === undefined ? {} : contentErrors(input.content);
      if (hasErrors(errors)) return unprocessable(errors);
      const next = {
        ...working,
        ...editable(input),
        ...placed(result.placement),
        ...(input.content !== undefined && { content: withUid(input.content) }),
        updated_at: at,
      } as CdnStory;
      if (wantsPublish(body, query)) {
        entry.story = published(next, entry.story, at);
        entry.draft = undefined;
      } else if (entry.story.published_at !== null) {
        // A published story's changes wait as a draft; the CDN keeps serving the published file.
        entry.draft = { ...next, published_at: entry.story.published_at };
      } else {
        entry.story = next;
      }
      tx.touchStory(working.id);
      return ok({ story: storyView(entry, tx.state.folders) } satisfies StoryBody);
    }),
  },
  {
    method: "GET",
    path: "/stories/:id/publish",
    endpoint: changeWith(storyResource, (found, tx, { now }) => {
      if ("folder" in found) return ok({ story: folderView(found.folder, tx.state.folders) } satisfies StoryBody);
      const { entry } = found;
      entry.story = published(workingCopy(entry), entry.story, now());
      entry.draft = undefined;
      tx.touchStory(entry.story.id);
      return ok({ story: storyView(entry, tx.state.folders) } satisfies StoryBody);
    }),
  },
  {
    method: "GET",
    path: "/stories/:id/unpublish",
    endpoint: changeWith(storyResource, (found, tx) => {
      if ("folder" in found) return ok({ story: folderView(found.folder, tx.state.folders) } satisfies StoryBody);
      const { entry } = found;
      // The working copy (a pending draft included) stays, no longer published.
      entry.story = { ...workingCopy(entry), published_at: null };
      entry.draft = undefined;
      tx.touchStory(entry.story.id);
      return ok({ story: storyView(entry, tx.state.folders) } satisfies StoryBody);
    }),
  },
  {
    method: "DELETE",
    path: "/stories/:id",
    endpoint: changeWith(storyResource, (found, tx) => {
      const { state } = tx;
      if ("entry" in found) {
        const view = storyView(found.entry, state.folders);
        state.stories.delete(found.entry.story.id);
        tx.touchStory(found.entry.story.id, found.entry);
        return ok({ story: view } satisfies StoryBody);
      }
      // A folder goes with everything in it, as in Storyblok.
      const view = folderView(found.folder, state.folders);
      const inside = descendants(state, found.folder);
      for (const entry of inside.stories) {
        state.stories.delete(entry.story.id);
        tx.touchStory(entry.story.id, entry);
      }
      const gone = new Set([found.folder, ...inside.folders]);
      state.folders = state.folders.filter((f) => !gone.has(f));
      tx.touch("folders");
      return ok({ story: view } satisfies StoryBody);
    }),
  },
];
