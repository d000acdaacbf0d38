/**
 * A run over a space's stories as data: every version of every story
 * (the published one and the pending draft when a story has both) migrated
 * in memory and validated; nothing written. As planRun for a folder, the
 * caller writes only when `problems` is empty.
 */
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { MigrationFailure, migrateStory, type LoadedMigration, type StoryChanges } from "../run/migrate-story";
import type { StoryValidator } from "../run/plan-run";
import type { SpaceStoryVersions } from "./space-stories";

export interface VersionOutcome {
  before: CdnStory;
  after: CdnStory;
  changes: StoryChanges[];
  changed: boolean;
}

export interface SpaceStoryOutcome {
  story: SpaceStoryVersions;
  /** The published version: the working copy of a published story, the CDN's of a pending one; none for a draft. */
  published?: VersionOutcome;
  /** The draft: a pending story's working copy, or a never-published story. */
  draft?: VersionOutcome;
}

export interface SpaceRunPlan {
  outcomes: SpaceStoryOutcome[];
  /** `<full_slug> (published|draft): path: problem`; any of them means nothing may be written. */
  problems: string[];
}

export function changedOutcomes(plan: SpaceRunPlan): SpaceStoryOutcome[] {
  return plan.outcomes.filter((outcome) => outcome.published?.changed === true || outcome.draft?.changed === true);
}

export function planSpaceRun(
  stories: readonly SpaceStoryVersions[],
  migrations: readonly LoadedMigration[],
  validate: StoryValidator,
): SpaceRunPlan {
  const problems: string[] = [];
  const outcomes: SpaceStoryOutcome[] = [];
  const migrated: [label: string, story: CdnStory][] = [];
  const run = (story: SpaceStoryVersions, version: "published" | "draft", before: CdnStory): VersionOutcome | undefined => {
    const label = `${story.fullSlug} (${version})`;
    try {
      const result = migrateStory(before, migrations);
      migrated.push([label, result.story]);
      return {
        before,
        after: result.story,
        changes: result.changes,
        changed: JSON.stringify(result.story.content) !== JSON.stringify(before.content),
      };
    } catch (error) {
      if (!(error instanceof MigrationFailure)) throw error;
      problems.push(`${label}: ${error.path}: migration ${error.migration}: ${error.problem}`);
      return undefined;
    }
  };
  for (const story of stories) {
    const outcome: SpaceStoryOutcome = { story };
    if (story.state === "published") outcome.published = run(story, "published", story.working);
    if (story.state === "pending") outcome.published = run(story, "published", story.published!);
    if (story.state !== "published") outcome.draft = run(story, "draft", story.working);
    outcomes.push(outcome);
  }
  const uuids = new Set(stories.map((story) => story.uuid));
  for (const [label, story] of migrated)
    for (const problem of validate(story, (uuid) => uuids.has(uuid))) problems.push(`${label}: ${problem}`);
  return { outcomes, problems };
}
