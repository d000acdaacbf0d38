/**
 * A space's stories kept in memory, as the Management API keeps them, for
 * testing `space push`'s story step (`pushStories`) alone: each story has a
 * working version and, once published, a published one; a write that does
 * not publish leaves the published version and marks the story as having
 * unpublished changes; every write moves `updated_at`, every publish
 * `published_at`. It records each call, and builds the content stories a
 * push reads from content/.
 */
import type { CdnStory, JsonObject } from "../../../src/content/sources/local-cdn/story-types";
import type { LocalStory } from "../../../tools/space-push/local-stories";
import type { SpaceApi, SpaceStory, SpaceStorySummary, StoryBody } from "../../../tools/space-push/space-api";

interface Held {
  working: SpaceStory;
  /** What readers of published content get, while published. */
  live?: StoryBody;
}

export interface StorySpace {
  api: SpaceApi;
  /** Every call, in order: `create a (published)`, `update 100`, `publish 100`, `unpublish 100`, `get 100`. */
  calls: string[];
  /** The space's listing, as the push reads it before its steps. */
  list(): SpaceStorySummary[];
  /** The working version of a story, and the published one when it has one. */
  story(fullSlug: string): { working: SpaceStory; live?: StoryBody };
  /** An editor's change in the space: a new working version, and the stamps a save moves. */
  edit(fullSlug: string, content: JsonObject): void;
  /** Calls of these kinds (`get`, `create`, `update`, `publish`, `unpublish`) fail from now on, before they change anything. */
  failing: Set<string>;
}

export function storySpace(): StorySpace {
  const held = new Map<number, Held>();
  const calls: string[] = [];
  const failing = new Set<string>();
  const call = (kind: string, what: string) => {
    if (failing.has(kind)) throw new Error(`${kind} refused`);
    calls.push(`${kind} ${what}`);
  };
  let clock = 0;
  let nextId = 100;
  const stamp = () => new Date(Date.UTC(2026, 0, 1, 0, 0, ++clock)).toISOString();
  const byId = (id: number) => {
    const story = held.get(id);
    if (!story) throw new Error(`answered 404: no story ${id}`);
    return story;
  };
  const bySlug = (fullSlug: string) => {
    const story = [...held.values()].find((candidate) => candidate.working.full_slug === fullSlug);
    if (!story) throw new Error(`no story at ${fullSlug}`);
    return story;
  };
  const save = (story: Held, body: StoryBody, publish: boolean) => {
    story.working = { ...story.working, ...body, updated_at: stamp() };
    if (publish) {
      story.live = body;
      story.working.published = true;
      story.working.unpublished_changes = false;
      story.working.published_at = stamp();
    } else {
      story.working.unpublished_changes = story.working.published;
    }
    return structuredClone(story.working);
  };
  const api = {
    getStory: async (id: number) => {
      call("get", String(id));
      return structuredClone(byId(id).working);
    },
    createStory: async (body: StoryBody, publish: boolean) => {
      call("create", `${body.slug}${publish ? " (published)" : ""}`);
      const id = nextId++;
      const story: Held = {
        working: { id, uuid: `space-${id}`, full_slug: body.slug, is_folder: false, published: false, unpublished_changes: false, ...body },
      };
      held.set(id, story);
      return save(story, body, publish);
    },
    updateStory: async (id: number, body: StoryBody, publish: boolean) => {
      call(publish ? "publish" : "update", String(id));
      return save(byId(id), body, publish);
    },
    unpublishStory: async (id: number) => {
      call("unpublish", String(id));
      const story = byId(id);
      story.live = undefined;
      story.working = { ...story.working, published: false, unpublished_changes: false };
    },
  } as unknown as SpaceApi;
  return {
    api,
    calls,
    failing,
    list: () =>
      [...held.values()].map(({ working }) => ({
        id: working.id,
        uuid: working.uuid,
        full_slug: working.full_slug,
        is_folder: false,
        published: working.published,
        unpublished_changes: working.unpublished_changes,
        updated_at: working.updated_at ?? null,
        published_at: working.published_at ?? null,
      })),
    story: (fullSlug) => {
      const story = bySlug(fullSlug);
      return { working: structuredClone(story.working), ...(story.live ? { live: structuredClone(story.live) } : {}) };
    },
    edit: (fullSlug, content) => {
      const story = bySlug(fullSlug);
      story.working = { ...story.working, content, updated_at: stamp(), unpublished_changes: story.working.published };
    },
  };
}

let sourceIds = 1;

/** One version of a content story at the root of the space: a page with a headline. */
export function storyVersion(fullSlug: string, headline: string, fields: JsonObject = {}): CdnStory {
  return {
    id: 0,
    uuid: "",
    name: fullSlug,
    slug: fullSlug,
    full_slug: fullSlug,
    position: 0,
    is_startpage: false,
    published_at: null,
    content: { component: "page", _uid: `${fullSlug}-page`, headline },
    ...fields,
  };
}

/**
 * A story of content/ in one of its three states: published (`live` only), a draft never
 * published (`draft` only), or published with a pending draft over it (both).
 */
export function localStory(fullSlug: string, versions: { live?: CdnStory; draft?: CdnStory }): LocalStory {
  const id = sourceIds++;
  const { live, draft } = versions;
  const working = draft ?? live;
  if (!working) throw new Error("a story has a published version, a draft or both");
  return {
    fullSlug,
    sourceId: id,
    sourceUuid: `source-${fullSlug}`,
    file: `stories/${fullSlug}.json`,
    state: live && draft ? "published-with-draft" : live ? "published" : "draft",
    published: live ?? null,
    working,
  };
}
