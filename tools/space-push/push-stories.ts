/**
 * Step 3: every story, in its state. Two passes:
 *
 *   1. create the stories the space lacks (matched by full slug), in
 *      creation-order.ts's order: most in their final state in one call,
 *      a story in a reference cycle as an unpublished draft first;
 *   2. bring every story to its state, writing only what differs:
 *        published             the published version, published, nothing pending;
 *        draft                 the working version, never published;
 *        published-with-draft  the published version published, then the
 *                              draft saved over it unpublished, so the
 *                              space shows it as unpublished changes.
 *
 * What a story in the space holds is known without asking when this push
 * wrote it, or when the journal's hash of it still fits the space's
 * `updated_at`; otherwise it is read once (GET) and compared field by field.
 * The published version under a pending draft cannot be read through the
 * Management API, so without the journal's word for it, it is written again.
 */
import type { CdnStory } from "../../src/content/sources/local-cdn/story-types";
import { crashPoint } from "../crash-point";
import { creationOrder } from "./creation-order";
import type { JournalStory } from "./journal";
import type { LocalStory } from "./local-stories";
import { storyVersions } from "./local-stories";
import { recordAction, SpacePushError, step, type PushContext } from "./push-context";
import { referencesIn } from "./rewrite-references";
import { storyMatches } from "./same-story";
import type { SpaceStory, SpaceStorySummary, StoryBody } from "./space-api";
import { stableHash } from "./stable-hash";
import { buildStoryBody, type StoryTargets } from "./story-body";

/** What this push knows of one story in the space. */
interface Known {
  id: number;
  published: boolean;
  unpublishedChanges: boolean;
  /** Hash of the working version, when known without reading it. */
  workingHash?: string;
  /** Hash of the published version, when known. */
  publishedHash?: string;
  /** The story as read, once read. */
  read?: SpaceStory;
}

export async function pushStories(context: PushContext, stories: readonly LocalStory[]): Promise<void> {
  const local = new Map(stories.map((story) => [story.sourceUuid, story]));
  const targets = storyTargets(context, stories);

  for (const story of stories) {
    const existing = context.spaceStories.get(story.fullSlug);
    if (existing?.is_folder) throw new SpacePushError(`story "${story.fullSlug}"`, undefined, "the space has a folder at that full slug");
    if (existing) context.stories.set(story.sourceUuid, { id: existing.id, uuid: existing.uuid });
  }

  const known = new Map<string, Known>();
  const missing = stories.filter((story) => !context.stories.has(story.sourceUuid));
  const dependencies = new Map(
    missing.map((story) => [
      story.sourceUuid,
      new Set(storyVersions(story).flatMap((version) => [...referencesIn(version.content, context.fields).stories])),
    ]),
  );
  for (const story of creationOrder(missing, dependencies)) {
    known.set(story.sourceUuid, await createStory(context, story, targets, local));
  }

  for (const story of stories) {
    const created = known.get(story.sourceUuid);
    const state = created ?? learn(context, story);
    if (!created && !context.force && (await editedInSpace(context, story, targets, state))) {
      context.summary.editedInSpace.push(story.fullSlug);
      continue;
    }
    const wrote = await converge(context, story, targets, state);
    if (!created && !wrote) context.summary.stories.unchanged++;
  }
}

/**
 * Whether someone changed the story in the space since this machine's last push wrote it: the space's
 * own `updated_at` moved past the one that push recorded. The space's stamp decides, never the
 * journal's hash. A stamp that moved because a write of ours was carried out and its answer lost
 * (the push stopped there) leaves a version this push would write in the story: that is ours, not an
 * edit. Without a stamp recorded (a first push, or a lost journal) there is nothing to compare with.
 */
async function editedInSpace(context: PushContext, story: LocalStory, targets: StoryTargets, state: Known): Promise<boolean> {
  const summary = context.spaceStories.get(story.fullSlug)!;
  const entry = trustedEntry(context, story, summary);
  if (typeof entry?.updatedAt !== "string" || typeof summary.updated_at !== "string" || entry.updatedAt === summary.updated_at)
    return false;
  state.read ??= await step(`reading story "${story.fullSlug}"`, () => context.api.getStory(state.id));
  const read = state.read;
  const ours = storyVersions(story).some((version) => storyMatches(build(context, story, version, targets).body, read));
  return !ours;
}

/** Pass 1: one create; published in the same call when every reference is already known. */
async function createStory(
  context: PushContext,
  story: LocalStory,
  targets: StoryTargets,
  local: ReadonlyMap<string, LocalStory>,
): Promise<Known> {
  const first = story.published ?? story.working;
  const built = buildStoryBody(first, context.fields, targets);
  const complete = [...built.missingStories].every((uuid) => !local.has(uuid));
  const publish = complete && story.state !== "draft";
  const created = await step(`creating story "${story.fullSlug}"`, () => context.api.createStory(built.body, publish));
  crashPoint("space-push:after-story");
  context.stories.set(story.sourceUuid, { id: created.id, uuid: created.uuid });
  const hash = stableHash(built.body);
  writeJournal(context, story, created, {
    workingHash: hash,
    ...(publish ? { publishedHash: hash, publishedAt: created.published_at ?? null } : {}),
  });
  context.summary.stories.created++;
  recordAction(context, {
    kind: "story",
    verb: "create",
    name: story.fullSlug,
    detail: publish ? "published" : complete ? "draft" : "draft, references follow",
  });
  return { id: created.id, published: publish, unpublishedChanges: false, workingHash: hash, ...(publish ? { publishedHash: hash } : {}) };
}

/** What the list and the journal say of a story this push did not create. */
function learn(context: PushContext, story: LocalStory): Known {
  const summary = context.spaceStories.get(story.fullSlug)!;
  const entry = trustedEntry(context, story, summary);
  // A stamp the space does not give cannot vouch for anything: then the story is read.
  const workingKnown = entry?.workingHash !== undefined && typeof summary.updated_at === "string" && entry.updatedAt === summary.updated_at;
  const publishedKnown =
    summary.published &&
    entry?.publishedHash !== undefined &&
    typeof summary.published_at === "string" &&
    entry.publishedAt === summary.published_at;
  return {
    id: summary.id,
    published: summary.published === true,
    unpublishedChanges: summary.unpublished_changes === true,
    ...(workingKnown ? { workingHash: entry.workingHash } : {}),
    ...(publishedKnown ? { publishedHash: entry.publishedHash } : {}),
  };
}

function trustedEntry(context: PushContext, story: LocalStory, summary: SpaceStorySummary): JournalStory | undefined {
  const entry = context.journal.data.stories[story.fullSlug];
  return entry && entry.id === summary.id && entry.uuid === summary.uuid ? entry : undefined;
}

/** Pass 2: the story's state, with every write it takes and none it does not. Says whether it wrote. */
async function converge(context: PushContext, story: LocalStory, targets: StoryTargets, state: Known): Promise<boolean> {
  const published = story.published ? build(context, story, story.published, targets) : undefined;
  const working = story.state === "published" ? published! : build(context, story, story.working, targets);
  let wrote = false;

  const holds = async (body: StoryBody, hash: string): Promise<boolean> => {
    if (state.workingHash !== undefined) return state.workingHash === hash;
    state.read ??= await step(`reading story "${story.fullSlug}"`, () => context.api.getStory(state.id));
    const matches = storyMatches(body, state.read);
    if (matches) {
      // Remember it, so the next push need not read it again.
      state.workingHash = hash;
      writeJournal(context, story, state.read, { workingHash: hash });
    }
    return matches;
  };

  const write = async (body: StoryBody, hash: string, publish: boolean) => {
    const verb = publish ? "publish" : "update";
    const answer = await step(`${publish ? "publishing" : "updating"} story "${story.fullSlug}"`, () =>
      context.api.updateStory(state.id, body, publish),
    );
    crashPoint("space-push:after-story");
    state.workingHash = hash;
    state.read = undefined;
    // What the rest of this story's steps read: a draft saved over it leaves nothing they look at again.
    if (publish) {
      state.published = true;
      state.publishedHash = hash;
      state.unpublishedChanges = false;
    }
    writeJournal(context, story, answer, {
      workingHash: hash,
      ...(publish ? { publishedHash: hash, publishedAt: answer.published_at ?? null } : {}),
    });
    context.summary.stories.updated++;
    recordAction(context, {
      kind: "story",
      verb,
      name: story.fullSlug,
      ...(publish ? {} : state.published ? { detail: "pending draft" } : {}),
    });
    wrote = true;
  };

  if (story.state === "draft") {
    if (state.published) {
      await step(`unpublishing story "${story.fullSlug}"`, () => context.api.unpublishStory(state.id));
      crashPoint("space-push:after-story");
      state.published = false;
      state.publishedHash = undefined;
      state.read = undefined;
      // Unpublishing may touch updated_at: let the next push read the story rather than trust an old stamp.
      writeJournal(context, story, undefined, { publishedHash: undefined, publishedAt: undefined, updatedAt: undefined });
      context.summary.stories.updated++;
      recordAction(context, { kind: "story", verb: "unpublish", name: story.fullSlug });
      wrote = true;
    }
    if (!(await holds(working.body, working.hash))) await write(working.body, working.hash, false);
  } else {
    const live = published!;
    const publishedHolds =
      state.published && (state.publishedHash === live.hash || (!state.unpublishedChanges && (await holds(live.body, live.hash))));
    if (!publishedHolds) await write(live.body, live.hash, true);
    else if (state.publishedHash !== live.hash) {
      // Seen to hold with nothing pending: the working copy is the published version, so its hash is the
      // published one's too. Recorded, or once a draft goes over it (the next write) no push can read it
      // again and each would publish it anew (a push resumed after a publish whose answer was lost).
      state.publishedHash = live.hash;
      writeJournal(context, story, undefined, {
        publishedHash: live.hash,
        publishedAt: state.read?.published_at ?? context.spaceStories.get(story.fullSlug)?.published_at ?? null,
      });
    }
    if (story.state === "published-with-draft" && !(await holds(working.body, working.hash)))
      await write(working.body, working.hash, false);
    if (story.state === "published" && state.unpublishedChanges) await write(live.body, live.hash, true);
  }
  return wrote;
}

function build(context: PushContext, story: LocalStory, version: CdnStory, targets: StoryTargets): { body: StoryBody; hash: string } {
  const built = buildStoryBody(version, context.fields, targets);
  for (const uuid of built.missingStories) {
    const warning = `story "${story.fullSlug}" refers to story ${uuid}, which is not in the content: left as written`;
    if (!context.summary.warnings.includes(warning)) context.summary.warnings.push(warning);
  }
  for (const path of built.missingAssets) throw new SpacePushError(`story "${story.fullSlug}"`, undefined, `asset ${path} was not pushed`);
  return { body: built.body, hash: stableHash(built.body) };
}

function writeJournal(context: PushContext, story: LocalStory, answer: SpaceStory | undefined, update: Partial<JournalStory>): void {
  const ref = context.stories.get(story.sourceUuid)!;
  const previous = context.journal.data.stories[story.fullSlug];
  const base: JournalStory = previous && previous.id === ref.id && previous.uuid === ref.uuid ? previous : { id: ref.id, uuid: ref.uuid };
  const next: JournalStory = {
    ...base,
    ...update,
    // An answer is the story as written or read, whose working version the update's hash is of: its stamp vouches for it.
    ...(answer ? { updatedAt: answer.updated_at ?? null } : {}),
  };
  for (const key of Object.keys(next) as (keyof JournalStory)[]) if (next[key] === undefined) delete next[key];
  context.journal.data.stories[story.fullSlug] = next;
  context.journal.save();
}

/** What the space calls each content story, folder and asset, as the push learns it. */
function storyTargets(context: PushContext, stories: readonly LocalStory[]): StoryTargets {
  const sourceUuidById = new Map(stories.map((story) => [story.sourceId, story.sourceUuid]));
  return {
    storyUuid: (uuid) => context.stories.get(uuid)?.uuid,
    storyId: (uuid) => context.stories.get(uuid)?.id,
    sourceUuidOfId: (id) => sourceUuidById.get(id),
    asset: (path) => context.assets.get(path),
    folderId: (fullSlug) => context.folders.get(fullSlug)?.id,
    folderIdBySourceId: (id) => {
      const slug = context.folderSlugBySourceId.get(id);
      return slug === undefined ? undefined : context.folders.get(slug)?.id;
    },
  };
}
