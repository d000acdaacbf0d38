/**
 * Step 3 of `space push`, the stories (`pushStories`), against a space kept
 * in memory (story-space-in-memory.ts): what each state of a story takes on
 * a first push, that a second push writes nothing, when the space is read,
 * and what the journal records after each write. The push over the local
 * Management API is space-push.test.ts's; this is the step's own logic,
 * call by call.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { JournalData } from "../../../tools/space-push/journal";
import type { LocalStory } from "../../../tools/space-push/local-stories";
import type { PushSummary } from "../../../tools/space-push/push-summary";
import { pushStories } from "../../../tools/space-push/push-stories";
import { importWithCrashAt } from "../../support/crash-in-process";
import { pushContextInMemory } from "./push-context-in-memory";
import { localStory, storySpace, storyVersion, type StorySpace } from "./story-space-in-memory";

/** One push of `stories` into `space`, with the journal a previous push left. */
async function push(
  space: StorySpace,
  stories: readonly LocalStory[],
  { journal, force = false }: { journal?: JournalData; force?: boolean } = {},
) {
  const { context, data, saves } = pushContextInMemory(space.api, { spaceStories: space.list() });
  if (journal) data.stories = structuredClone(journal.stories);
  context.force = force;
  const before = space.calls.length;
  await pushStories(context, stories);
  return { calls: space.calls.slice(before), data, saves: saves(), summary: context.summary };
}

/** Each action of a push as `verb name: detail`. */
const actions = (summary: PushSummary) => summary.actions.map((action) => `${action.verb} ${action.name}: ${action.detail ?? ""}`);

const published = () => localStory("published", { live: storyVersion("published", "Live") });
const draft = () => localStory("draft", { draft: storyVersion("draft", "Never published") });
const pending = () => localStory("pending", { live: storyVersion("pending", "Live"), draft: storyVersion("pending", "Pending") });

describe("a first push into an empty space", () => {
  it("creates each story in its final state with the fewest writes, and journals each", async () => {
    const space = storySpace();
    const first = await push(space, [published(), draft(), pending()]);
    expect(first.calls).toEqual(["create published (published)", "create draft", "create pending (published)", "update 102"]);
    expect(space.story("published").live?.content).toMatchObject({ headline: "Live" });
    expect(space.story("draft").working).toMatchObject({ published: false, content: { headline: "Never published" } });
    expect(space.story("pending")).toMatchObject({
      working: { published: true, unpublished_changes: true, content: { headline: "Pending" } },
      live: { content: { headline: "Live" } },
    });
    expect(first.summary.stories).toMatchObject({ created: 3, updated: 1, unchanged: 0 });
    expect(actions(first.summary)).toEqual([
      "create published: published",
      "create draft: draft",
      "create pending: published",
      "update pending: pending draft",
    ]);
    expect(first.saves).toBe(4);
    // Each entry vouches for what the space holds: the working version's stamp, and the published version's.
    const listed = new Map(space.list().map((story) => [story.full_slug, story]));
    for (const slug of ["published", "draft", "pending"]) {
      expect(first.data.stories[slug]).toMatchObject({ id: listed.get(slug)!.id, updatedAt: listed.get(slug)!.updated_at });
    }
    expect(first.data.stories.draft!.publishedHash).toBeUndefined();
    expect(first.data.stories.pending!.publishedAt).toBe(listed.get("pending")!.published_at);
    expect(first.data.stories.pending!.publishedHash).not.toBe(first.data.stories.pending!.workingHash);
  });

  it("a second push with the first one's journal writes nothing and reads nothing", async () => {
    const space = storySpace();
    const stories = [published(), draft(), pending()];
    const first = await push(space, stories);
    const second = await push(space, stories, { journal: first.data });
    expect(second.calls).toEqual([]);
    expect(second.summary.stories).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(second.data.stories).toEqual(first.data.stories);
  });

  it("without a journal, a second push reads each story once and writes only the published version under a pending draft", async () => {
    const space = storySpace();
    const stories = [published(), draft(), pending()];
    await push(space, stories);
    const second = await push(space, stories);
    // The published version under a pending draft cannot be read, so it is sent again, then the draft over it.
    expect(second.calls).toEqual(["get 100", "get 101", "publish 102", "update 102"]);
    expect(second.summary.stories).toMatchObject({ created: 0, updated: 2, unchanged: 2 });
    expect(actions(second.summary)).toEqual(["publish pending: ", "update pending: pending draft"]);
    const pendingListed = space.list().find((story) => story.full_slug === "pending")!;
    expect(second.data.stories.pending).toMatchObject({ publishedAt: pendingListed.published_at, updatedAt: pendingListed.updated_at });
    // What it read and found the same is journalled, so a third push reads nothing.
    const third = await push(space, stories, { journal: second.data });
    expect(third.calls).toEqual([]);
  });
});

describe("a story edited in the space since the last push", () => {
  it("is reported and left as the editor left it, unless --force", async () => {
    const space = storySpace();
    const stories = [published(), pending()];
    const first = await push(space, stories);
    space.edit("published", { component: "page", _uid: "published-page", headline: "Edited in the space" });
    const second = await push(space, stories, { journal: first.data });
    expect(second.calls).toEqual(["get 100"]);
    expect(second.summary.editedInSpace).toEqual(["published"]);
    expect(space.story("published").working.content).toMatchObject({ headline: "Edited in the space" });

    const forced = await push(space, stories, { journal: first.data, force: true });
    expect(forced.summary.editedInSpace).toEqual([]);
    // The journal still vouches for the published version, and the edit left changes pending over it: published again.
    expect(forced.calls).toEqual(["publish 100"]);
    expect(space.story("published").working.content).toMatchObject({ headline: "Live" });
  });
});

/** A link to another story of the content, as a multilink field holds it. */
const linkTo = (fullSlug: string) => ({ fieldtype: "multilink", linktype: "story", id: `source-${fullSlug}`, cached_url: fullSlug });

describe("stories that refer to each other", () => {
  it("creates a story whose reference is not in the space yet as a draft, and publishes it once the other exists", async () => {
    const space = storySpace();
    // a → b and b → a: one of them is created before the other exists.
    const a = localStory("a", { live: storyVersion("a", "A", { content: { component: "page", _uid: "a", link: linkTo("b") } }) });
    const b = localStory("b", { live: storyVersion("b", "B", { content: { component: "page", _uid: "b", link: linkTo("a") } }) });
    const first = await push(space, [a, b]);
    expect(first.calls).toEqual(["create a", "create b (published)", "publish 100"]);
    expect(actions(first.summary)).toEqual(["create a: draft, references follow", "create b: published", "publish a: "]);
    // Each refers to the other by the uuid the space gave it.
    expect(space.story("a").live?.content).toMatchObject({ link: { id: "space-101" } });
    expect(space.story("b").live?.content).toMatchObject({ link: { id: "space-100" } });
    expect(first.summary.warnings).toEqual([]);
  });

  it("a reference to a story the content does not have is left as written, with one warning however often it is met", async () => {
    const space = storySpace();
    const content = { component: "page", _uid: "a", link: linkTo("gone"), again: linkTo("gone") };
    const a = localStory("a", {
      live: storyVersion("a", "A", { content }),
      draft: storyVersion("a", "A", { content: { ...content, headline: "A draft" } }),
    });
    const first = await push(space, [a]);
    expect(first.calls).toEqual(["create a (published)", "update 100"]);
    expect(space.story("a").live?.content).toMatchObject({ link: { id: "source-gone" } });
    expect(first.summary.warnings).toEqual(['story "a" refers to story source-gone, which is not in the content: left as written']);
  });

  it("refuses a story whose asset was not pushed, before writing it", async () => {
    const space = storySpace();
    const a = localStory("a", {
      live: storyVersion("a", "A", {
        content: { component: "page", _uid: "a", image: { fieldtype: "asset", id: 3, filename: "/assets/missing.png" } },
      }),
    });
    await expect(push(space, [a])).rejects.toThrow('story "a": asset /assets/missing.png was not pushed');
  });
});

describe("a story whose state changed", () => {
  it("a story the content made a draft is unpublished in the space, and its journal entry forgets the published version", async () => {
    const space = storySpace();
    const first = await push(space, [localStory("s", { live: storyVersion("s", "Live") })]);
    const second = await push(space, [localStory("s", { draft: storyVersion("s", "Now a draft") })], { journal: first.data });
    // The journal's hash of the working version says it differs: written without a read.
    expect(second.calls).toEqual(["unpublish 100", "update 100"]);
    expect(space.story("s").working).toMatchObject({ published: false, content: { headline: "Now a draft" } });
    expect(second.data.stories.s).not.toHaveProperty("publishedHash");
    expect(second.data.stories.s).not.toHaveProperty("publishedAt");
    expect(actions(second.summary)).toEqual(["unpublish s: ", "update s: "]);
    expect(second.summary.stories).toMatchObject({ updated: 2, unchanged: 0 });
  });

  it("a published story with changes saved over it in the space, but the content's version the same, is published again", async () => {
    const space = storySpace();
    const story = localStory("s", { live: storyVersion("s", "Live") });
    await push(space, [story]);
    // An editor saved the same content as a draft: pending changes, nothing different.
    space.edit("s", space.story("s").working.content!);
    // Without a journal: the published version under pending changes cannot be read, so it is published again.
    const second = await push(space, [story]);
    expect(second.calls).toEqual(["publish 100"]);
    expect(space.story("s").working.unpublished_changes).toBe(false);
  });

  it("a published story becoming published with a draft keeps its published version and saves the draft over it", async () => {
    const space = storySpace();
    const first = await push(space, [localStory("s", { live: storyVersion("s", "Live") })]);
    const second = await push(space, [localStory("s", { live: storyVersion("s", "Live"), draft: storyVersion("s", "Draft") })], {
      journal: first.data,
    });
    expect(second.calls).toEqual(["update 100"]);
    expect(second.summary.actions).toEqual([{ kind: "story", verb: "update", name: "s", detail: "pending draft" }]);
    expect(space.story("s")).toMatchObject({ live: { content: { headline: "Live" } }, working: { content: { headline: "Draft" } } });
  });

  it("refuses a story whose full slug is a folder in the space", async () => {
    const space = storySpace();
    const { context } = pushContextInMemory(space.api, {
      spaceStories: [{ id: 9, uuid: "f", full_slug: "s", is_folder: true, published: false, unpublished_changes: false }],
    });
    await expect(pushStories(context, [localStory("s", { live: storyVersion("s", "Live") })])).rejects.toThrow(
      'story "s": the space has a folder at that full slug',
    );
    expect(space.calls).toEqual([]);
  });
});

describe("the order of the creates", () => {
  it("creates a story after the story it refers to, so both are published in one write each", async () => {
    const space = storySpace();
    const a = localStory("a", { live: storyVersion("a", "A", { content: { component: "page", _uid: "a", link: linkTo("b") } }) });
    const b = localStory("b", { live: storyVersion("b", "B") });
    const first = await push(space, [a, b]);
    expect(first.calls).toEqual(["create b (published)", "create a (published)"]);
    expect(space.story("a").live?.content).toMatchObject({ link: { id: "space-100" } });
  });

  it("names a translation of the story by the space's id and folder, once the other story exists", async () => {
    const space = storySpace();
    const b = localStory("b", { live: storyVersion("b", "B") });
    const alternate = { id: b.sourceId, name: "B", slug: "b", full_slug: "work/b", is_folder: false, parent_id: 7 };
    const a = localStory("a", { live: storyVersion("a", "A", { alternates: [alternate], group_id: "group-1" }) });
    const { context } = pushContextInMemory(space.api);
    context.folderSlugBySourceId.set(7, "work");
    context.folders.set("work", { id: 55, uuid: "folder-55" });
    await pushStories(context, [a, b]);
    // a is created before b exists (nothing orders alternates), as a draft, and published once b has its id.
    expect(space.calls).toEqual(["create a", "create b (published)", "publish 100"]);
    expect(space.story("a").live).toMatchObject({ group_id: "group-1", alternates: [{ ...alternate, id: 101, parent_id: 55 }] });
  });
});

describe("a story the content unpublished, its content the same", () => {
  it("is unpublished and nothing more; the next push reads it once, since unpublishing may have moved its stamp", async () => {
    const space = storySpace();
    const first = await push(space, [localStory("s", { live: storyVersion("s", "Same") })]);
    const asDraft = [localStory("s", { draft: storyVersion("s", "Same") })];
    const second = await push(space, asDraft, { journal: first.data });
    expect(second.calls).toEqual(["unpublish 100"]);
    expect(second.summary.stories).toMatchObject({ updated: 1, unchanged: 0 });
    expect(Object.keys(second.data.stories.s!).sort()).toEqual(["id", "uuid", "workingHash"]);
    const third = await push(space, asDraft, { journal: second.data });
    expect(third.calls).toEqual(["get 100"]);
    expect(third.summary.stories).toMatchObject({ updated: 0, unchanged: 1 });
  });
});

describe("a request that fails", () => {
  /** The error of a push of `stories` into `space` once the call kind `failing` fails, after `before` pushed without failing. */
  async function failure(kind: string, stories: LocalStory[], { before = [] as LocalStory[], journal = false } = {}) {
    const space = storySpace();
    const first = await push(space, before);
    space.failing.add(kind);
    return push(space, stories, journal ? { journal: first.data } : {}).then(
      () => "pushed",
      (error: Error) => error.message,
    );
  }
  const live = (headline: string) => [localStory("s", { live: storyVersion("s", headline) })];

  it("is named by the step it was for and the story", async () => {
    expect(await failure("create", live("A"))).toBe('creating story "s": create refused');
    expect(await failure("get", live("A"), { before: live("A") })).toBe('reading story "s": get refused');
    expect(await failure("publish", live("B"), { before: live("A"), journal: true })).toBe('publishing story "s": publish refused');
    expect(
      await failure("update", [localStory("s", { live: storyVersion("s", "A"), draft: storyVersion("s", "B") })], {
        before: live("A"),
        journal: true,
      }),
    ).toBe('updating story "s": update refused');
    expect(await failure("unpublish", [localStory("s", { draft: storyVersion("s", "A") })], { before: live("A"), journal: true })).toBe(
      'unpublishing story "s": unpublish refused',
    );
  });

  it("reading a story edited in the space is named too", async () => {
    const space = storySpace();
    const stories = live("A");
    const first = await push(space, stories);
    space.edit("s", { component: "page", _uid: "s-page", headline: "Edited" });
    space.failing.add("get");
    await expect(push(space, stories, { journal: first.data })).rejects.toThrow('reading story "s": get refused');
  });

  it("a story read and found to differ is not journalled as written when its write fails, so the next push writes it", async () => {
    const space = storySpace();
    await push(space, [localStory("s", { draft: storyVersion("s", "Old") })]);
    const changed = [localStory("s", { draft: storyVersion("s", "New") })];
    const { context, data } = pushContextInMemory(space.api, { spaceStories: space.list() });
    space.failing.add("update");
    await expect(pushStories(context, changed)).rejects.toThrow('updating story "s"');
    expect(space.calls.at(-1)).toBe("get 100");
    expect(data.stories.s).toBeUndefined();

    space.failing.clear();
    const next = await push(space, changed, { journal: data });
    expect(next.calls).toEqual(["get 100", "update 100"]);
    expect(space.story("s").working.content).toMatchObject({ headline: "New" });
  });
});

describe("a crash right after a story write", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  /** A push of `stories` into `space` that crashes at its first story write, with the journal `journal`. */
  async function crashedPush(space: StorySpace, stories: LocalStory[], journal?: JournalData) {
    const { context, data } = pushContextInMemory(space.api, { spaceStories: space.list() });
    if (journal) data.stories = structuredClone(journal.stories);
    const { pushStories: pushStoriesAfresh } = await importWithCrashAt(
      "space-push:after-story",
      () => import("../../../tools/space-push/push-stories"),
    );
    await expect(pushStoriesAfresh(context, stories)).rejects.toThrow("crashed at space-push:after-story");
    return data;
  }

  it("after a create: the story is in the space, the journal has no word of it", async () => {
    const space = storySpace();
    const data = await crashedPush(space, [localStory("s", { live: storyVersion("s", "A") })]);
    expect(space.calls).toEqual(["create s (published)"]);
    expect(data.stories).toEqual({});
  });

  it.each([
    ["an update", "the journal still holds what it held before", localStory("s", { live: storyVersion("s", "B") }), "publish 100"],
    [
      "an unpublish",
      "the journal still vouches for the published version",
      localStory("s", { draft: storyVersion("s", "A") }),
      "unpublish 100",
    ],
  ])("after %s: %s", async (_write, _outcome, next, lastCall) => {
    const space = storySpace();
    const first = await push(space, [localStory("s", { live: storyVersion("s", "A") })]);
    const data = await crashedPush(space, [next], first.data);
    expect(space.calls.at(-1)).toBe(lastCall);
    expect(data.stories).toEqual(first.data.stories);
  });
});
