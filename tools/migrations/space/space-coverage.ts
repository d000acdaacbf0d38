/**
 * Whether a space's stories already follow schema/, so that `schema push`
 * may apply changes existing content would not fit without
 * `--allow-breaking`: every migration in the migrations folder has run on
 * the space (its journal lists it, from `migrate run --space` or from
 * `space push` of migrated content), and schema/ holds no such change since
 * the last migration's snapshot (what `portfolio check` asks). Each of
 * those runs validated every story against the schema of its day before
 * writing, so the stories have the shape the push gives the components.
 */
import { formatChange, isBreaking } from "storyblok-typed-codegen";
import { changesSinceSnapshot, generateSnapshot, label } from "../snapshot";
import type { ManagementClient } from "../../management-api/management-client";
import { lastSnapshot, listMigrations } from "../folder";
import { appliedMigrations, readJournal } from "../journal";
import { readSpaceJournal } from "./space-journal";
import { storiesNotPushed } from "./stories-not-pushed";

export type SpaceCoverage = { covered: true; migrations: string[] } | { covered: false; reason: string };

export interface CoverageInput {
  migrationsDir: string;
  schemaDir: string;
  spaceId: number | string;
  /**
   * `space push`: the content folder about to replace the space's stories, and its stories'
   * full slugs. Its journal counts when the space holds no other story.
   */
  pushing?: { dir: string; slugs: readonly string[] };
}

export async function spaceCoverage(client: ManagementClient, input: CoverageInput): Promise<SpaceCoverage> {
  const entries = listMigrations(input.migrationsDir);
  const scripts = entries.filter((entry) => entry.script !== undefined).map((entry) => entry.id);
  if (scripts.length === 0)
    return { covered: false, reason: `${input.migrationsDir}/ holds no migration, so none moved the space's stories` };

  const last = lastSnapshot(entries);
  if (last !== undefined) {
    const uncovered = changesSinceSnapshot(last.snapshot, generateSnapshot(input.schemaDir).files).filter(isBreaking);
    if (uncovered.length > 0) {
      return {
        covered: false,
        reason: `${input.schemaDir}/ changed since the last migration's snapshot in ways no migration covers (${uncovered.map(formatChange).join("; ")}): \`portfolio migrate new\` writes one`,
      };
    }
  }

  const journal = await readSpaceJournal(client);
  const had = new Set(journal.entries.map((entry) => entry.name));
  const pending = scripts.filter((id) => !had.has(id));
  if (pending.length === 0) return { covered: true, migrations: scripts };
  if (input.pushing !== undefined) return pushedCoverage(client, input, input.pushing, scripts);
  return {
    covered: false,
    reason: `the space has not had ${pending.length} migration(s): ${pending.join(", ")} (\`portfolio migrate run --space ${input.spaceId}\` runs them)`,
  };
}

/** The pushed content's stories replace the space's: covered when the content has had every migration and the space holds no story it does not. */
async function pushedCoverage(
  client: ManagementClient,
  input: CoverageInput,
  pushing: { dir: string; slugs: readonly string[] },
  scripts: string[],
): Promise<SpaceCoverage> {
  const had = appliedMigrations(readJournal(pushing.dir).journal);
  const pending = scripts.filter((id) => !had.has(id));
  if (pending.length > 0) {
    return {
      covered: false,
      reason: `${label(pushing.dir)}/ has not had ${pending.length} migration(s): ${pending.join(", ")} (\`portfolio migrate run\` runs them)`,
    };
  }
  const others = await storiesNotPushed(client, pushing.slugs);
  if (others.length > 0) {
    return {
      covered: false,
      reason: `the space holds ${others.length} story(ies) ${label(pushing.dir)}/ does not (${others.join(", ")}), which have not had every migration (\`portfolio migrate run --space ${input.spaceId}\` runs them)`,
    };
  }
  return { covered: true, migrations: scripts };
}
