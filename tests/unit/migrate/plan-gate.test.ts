/**
 * What blocks a write: a run on a folder (planRun) or a space (planSpaceRun)
 * validates every story against the new schema, not only the ones the
 * migration changed, and every version of a story (the published one and
 * the pending draft); any problem, or a migration that throws, means
 * nothing may be written. Only the stories that changed are written.
 */
import { describe, expect, it } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import type { LoadedMigration } from "../../../tools/migrations/run/migrate-story";
import { planRun, storyText } from "../../../tools/migrations/run/plan-run";
import { changedOutcomes, planSpaceRun } from "../../../tools/migrations/space/plan-space-run";
import type { SpaceStoryVersions, StoryState } from "../../../tools/migrations/space/space-stories";

const story = (slug: string, content: Record<string, unknown>): CdnStory =>
  ({
    id: 1,
    uuid: `uuid-${slug}`,
    name: slug,
    slug,
    full_slug: slug,
    content: { _uid: slug, component: "page", ...content },
  }) as unknown as CdnStory;
/** The migration renames `old` to `new` on pages that have it. */
const rename: LoadedMigration = {
  id: "20260101000000-rename",
  blocks: {
    page: ((block: Record<string, unknown>) =>
      Object.hasOwn(block, "old") ? (({ old, ...rest }) => ({ ...rest, new: old }))(block) : block) as never,
  },
};
/** The new schema: a page may not hold `old`, and `bad` is never valid. */
const validate = (migrated: CdnStory) => [
  ...(Object.hasOwn(migrated.content, "old") ? ["content(page).old: unknown field"] : []),
  ...(migrated.content.bad === true ? ["content(page).bad: invalid"] : []),
];

describe("planRun (a folder)", () => {
  const file = (name: string, content: Record<string, unknown>) => ({
    file: `stories/${name}.json`,
    text: storyText(story(name, content)),
  });

  it("is clean, and writes only the changed file, when every story fits", () => {
    const plan = planRun([file("a", { old: 1 }), file("b", {})], [rename], validate);
    expect(plan.problems).toEqual([]);
    expect(plan.outcomes.filter((outcome) => outcome.after !== outcome.before).map((outcome) => outcome.file)).toEqual(["stories/a.json"]);
    expect(plan.outcomes.find((outcome) => outcome.file === "stories/b.json")!.after).toBe(
      plan.outcomes.find((outcome) => outcome.file === "stories/b.json")!.before,
    );
  });

  it("is stopped by a story the migration did not change that the new schema refuses", () => {
    const plan = planRun([file("a", { old: 1 }), file("b", { bad: true })], [rename], validate);
    expect(plan.problems).toEqual(["stories/b.json (b): content(page).bad: invalid"]);
  });

  it("is stopped by a file that is not JSON and by a migration that throws, naming each", () => {
    const throws: LoadedMigration = {
      id: "20260101000000-throws",
      blocks: {
        page: (() => {
          throw new Error("no");
        }) as never,
      },
    };
    const plan = planRun([{ file: "stories/x.json", text: "{" }, file("a", {})], [throws], validate);
    expect(plan.problems).toHaveLength(2);
    expect(plan.problems[0]).toMatch(/^stories\/x\.json: not valid JSON/);
    expect(plan.problems[1]).toBe("stories/a.json (a): content(page): migration 20260101000000-throws: no");
  });
});

describe("planSpaceRun (a space)", () => {
  const versions = (
    slug: string,
    state: StoryState,
    working: Record<string, unknown>,
    published?: Record<string, unknown>,
  ): SpaceStoryVersions => ({
    id: 1,
    uuid: `uuid-${slug}`,
    fullSlug: slug,
    name: slug,
    slug,
    parentId: 0,
    state,
    working: story(slug, working),
    ...(published && { published: story(slug, published) }),
  });

  it("is stopped by an unchanged story the new schema refuses, and by a refused published version under a pending draft", () => {
    const plan = planSpaceRun(
      [versions("a", "published", { old: 1 }), versions("b", "published", { bad: true }), versions("c", "pending", {}, { bad: true })],
      [rename],
      validate,
    );
    expect(plan.problems).toEqual(["b (published): content(page).bad: invalid", "c (published): content(page).bad: invalid"]);
  });

  it("migrates each version of each state, and writes only the stories with a changed version", () => {
    const plan = planSpaceRun(
      [versions("a", "pending", { old: "draft" }, { old: "live" }), versions("b", "draft", { old: 2 }), versions("c", "published", {})],
      [rename],
      validate,
    );
    expect(plan.problems).toEqual([]);
    const [a, b, c] = plan.outcomes;
    expect([a!.published!.after.content.new, a!.draft!.after.content.new, b!.draft!.after.content.new]).toEqual(["live", "draft", 2]);
    expect([a!.published!.changed, a!.draft!.changed, b!.published, c!.draft]).toEqual([true, true, undefined, undefined]);
    expect(changedOutcomes(plan).map((outcome) => outcome.story.fullSlug)).toEqual(["a", "b"]);
  });
});
