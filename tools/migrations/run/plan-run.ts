/**
 * A run over story files as data: every file migrated in memory, every
 * result validated, nothing written. The caller writes only when `problems`
 * is empty, so a run either changes every file it should or none.
 */
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { MigrationFailure, migrateStory, type LoadedMigration, type StoryChanges } from "./migrate-story";

/** A story file as read: its path in the content folder (`stories/home.json`, `drafts/…`) and its text. */
export interface StoryText {
  file: string;
  text: string;
}

interface StoryOutcome {
  file: string;
  fullSlug: string;
  before: string;
  /** The text to write; the same string as `before` when no block changed. */
  after: string;
  changes: StoryChanges[];
}

export interface RunPlan {
  outcomes: StoryOutcome[];
  /** `file (full_slug): path: problem` lines; any of them means nothing may be written. */
  problems: string[];
}

/** A migrated story's problems against the schema now (validate-content.ts's validateStory with the generated rules). */
export type StoryValidator = (story: CdnStory, hasStory: (uuid: string) => boolean) => string[];

/** The files' format: two-space JSON and a final newline, as content/ is written. */
export function storyText(story: unknown): string {
  return `${JSON.stringify(story, null, 2)}\n`;
}

export function planRun(files: readonly StoryText[], migrations: readonly LoadedMigration[], validate: StoryValidator): RunPlan {
  const outcomes: StoryOutcome[] = [];
  const problems: string[] = [];
  const migrated: [StoryOutcome, CdnStory][] = [];
  // Every story that exists, migrated or not: one a migration failed on is still there for others to link to.
  const uuids = new Set<string>();
  for (const { file, text } of files) {
    let story: CdnStory;
    try {
      story = JSON.parse(text) as CdnStory;
    } catch (error) {
      problems.push(`${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    uuids.add(story.uuid);
    const label = `${file} (${String(story.full_slug)})`;
    try {
      const result = migrateStory(story, migrations);
      const after = storyText(result.story);
      const outcome = {
        file,
        fullSlug: String(story.full_slug),
        before: text,
        after: after === storyText(story) ? text : after,
        changes: result.changes,
      };
      outcomes.push(outcome);
      migrated.push([outcome, result.story]);
    } catch (error) {
      if (!(error instanceof MigrationFailure)) throw error;
      problems.push(`${label}: ${error.path}: migration ${error.migration}: ${error.problem}`);
    }
  }
  for (const [outcome, story] of migrated) {
    for (const problem of validate(story, (uuid) => uuids.has(uuid))) problems.push(`${outcome.file} (${outcome.fullSlug}): ${problem}`);
  }
  return { outcomes, problems };
}
