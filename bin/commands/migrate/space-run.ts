/**
 * `portfolio migrate run --space ID [--dry-run] [--diff]` and
 * `migrate undo --space ID`: the migrations the space's journal (its
 * `portfolio-migrations` datasource) does not list, on every story of the
 * space through the Management API. Every version of every story is
 * migrated and checked with the generated validators before the first
 * write; tools/migrations/space/ does the work. Exit 0 done, 1 a result is
 * invalid or the API failed, 2 bad input or an open release.
 */
import { unifiedDiff } from "storyblok-typed-codegen";
import { validateStory } from "../../../tools/content-validation/validate-content";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { failureMessage } from "../../../tools/management-api/management-errors";
import type { ManagementClient } from "../../../tools/management-api/management-client";
import { listMigrations } from "../../../tools/migrations/folder";
import { storyText } from "../../../tools/migrations/run/plan-run";
import { changedOutcomes, planSpaceRun, type SpaceRunPlan, type VersionOutcome } from "../../../tools/migrations/space/plan-space-run";
import { openReleases } from "../../../tools/migrations/space/releases";
import { readSpaceJournal } from "../../../tools/migrations/space/space-journal";
import { lastRunPath, readLastRun } from "../../../tools/migrations/space/space-snapshot";
import { NoPublishedReader, readSpaceStories, type PublishedReader } from "../../../tools/migrations/space/space-stories";
import { cutShort, undoSpaceRun, writeSpaceRun } from "../../../tools/migrations/space/write-space-run";
import { EXIT } from "../exit-codes";
import { managementClientOrExit, type SpaceFlags } from "../space-flags";
import { loadRun, stopBeforeWriting, storySummary, type RunFlags } from "./run";

export interface SpaceRunFlags extends SpaceFlags, Omit<RunFlags, "dir"> {
  space: string;
  /** The space's public access token, to read the published version of a story with a pending draft. */
  publicToken?: string;
  /** The Content Delivery API's base URL (…/v2); default $STORYBLOK_API_URL, else the region's. */
  cdnUrl?: string;
}

export async function runSpaceMigrations(flags: SpaceRunFlags): Promise<number> {
  const client = await managementClientOrExit(flags, "Migrating a space");
  const spaceId = Number(flags.space);
  try {
    const releases = await openReleases(client, spaceId);
    if (releases.length > 0) {
      console.error(
        `Space ${spaceId} has ${releases.length} open release(s): ${releases.map((release) => `"${release.name}" (${release.id})`).join(", ")}. ` +
          "Nothing was written: a migration republishes stories, which would publish past the release, and the release would later put back versions from before the migration. Release or delete them, then run again.",
      );
      return EXIT.badInput;
    }
    const snapshotPath = lastRunPath(process.cwd(), spaceId);
    const resumed = await finishCutShortRun(client, snapshotPath, spaceId, flags.dryRun === true);
    if (resumed !== undefined) return resumed;
    const scripts = listMigrations(flags.migrations).filter(
      (entry): entry is typeof entry & { script: string } => entry.script !== undefined,
    );
    const journal = await readSpaceJournal(client);
    const applied = new Set(journal.entries.map((entry) => entry.name));
    const pending = scripts.filter((entry) => !applied.has(entry.id));
    if (pending.length === 0) {
      console.log(`Nothing to run: space ${spaceId} has had every migration in ${flags.migrations}/ (${scripts.length}).`);
      return EXIT.ok;
    }
    const loaded = await loadRun(flags, pending);
    if (typeof loaded === "number") return loaded;
    const { migrations, rules } = loaded;
    const ids = migrations.map((migration) => migration.id);
    console.log(`${flags.dryRun ? "Dry run of" : "Running"} ${ids.length} migration(s) on space ${spaceId}: ${ids.join(", ")}`);

    const stories = await readSpaceStories(client, await publishedReader(flags));
    const plan = planSpaceRun(stories, migrations, (story, hasStory) => validateStory(story, { hasStory, ...rules }));
    report(plan, flags.diff === true);
    const stopped = stopBeforeWriting(plan.problems, flags.dryRun === true);
    if (stopped !== undefined) return stopped;
    const written = await writeSpaceRun(client, plan, { spaceId, migrations: ids, ran: new Date(), snapshotPath });
    console.log(
      `Wrote ${written.stories} story(ies) to space ${spaceId}, each in its state, and recorded the migrations in its portfolio-migrations datasource. ` +
        `\`npm run portfolio -- migrate undo --space ${spaceId}\` puts them back (snapshot: ${snapshotPath}).`,
    );
    return EXIT.ok;
  } catch (error) {
    if (error instanceof NoPublishedReader) {
      console.error(`Nothing was written: ${error.message}.`);
      return EXIT.badInput;
    }
    console.error(
      `migrate run --space failed: ${failureMessage(error)}. Nothing after that point was written: running the same command again puts back what this run wrote, then runs it whole; \`migrate undo --space ${spaceId}\` only puts it back.`,
    );
    return EXIT.drift;
  }
}

export async function undoSpaceMigrations(flags: SpaceFlags & { space: string; force?: boolean }): Promise<number> {
  const client = await managementClientOrExit(flags, "Undoing a migration on a space");
  const spaceId = Number(flags.space);
  try {
    const releases = await openReleases(client, spaceId);
    if (releases.length > 0) {
      console.error(
        `Space ${spaceId} has ${releases.length} open release(s); nothing was written (undo republishes stories as migrate run does).`,
      );
      return EXIT.badInput;
    }
    const result = await undoSpaceRun(client, lastRunPath(process.cwd(), spaceId), flags.force === true);
    if (!result.undone) {
      console.error(`Nothing undone: ${result.reason}`);
      for (const slug of result.changedSince ?? []) console.error(`  changed since: ${slug}`);
      return EXIT.drift;
    }
    console.log(
      `Undid ${result.migrations.join(", ")} on space ${spaceId}: ${result.stories.length} story(ies) restored in their states (${result.stories.join(", ")}), and the journal.`,
    );
    return EXIT.ok;
  } catch (error) {
    console.error(`migrate undo --space failed: ${failureMessage(error)}. The snapshot is kept: run it again.`);
    return EXIT.drift;
  }
}

/**
 * A run (or an undo) on this space that was cut short: undone first, so the
 * run starts from the stories as they were and the space's journal lists
 * only migrations every story has had. Undefined when the run may go on; a
 * number is the exit code of a failure already reported.
 */
async function finishCutShortRun(
  client: ManagementClient,
  snapshotPath: string,
  spaceId: number,
  dryRun: boolean,
): Promise<number | undefined> {
  const cut = readLastRun(snapshotPath);
  if (cut === undefined || !cutShort(cut)) return undefined;
  const what = `The last run on space ${spaceId} (${cut.migrations.join(", ")}, ${cut.ran}) was cut short`;
  if (dryRun) {
    console.error(`${what}: a run puts back the ${cut.stories.length} story(ies) it was writing first. Nothing was written.`);
    return EXIT.drift;
  }
  const undone = await undoSpaceRun(client, snapshotPath);
  if (!undone.undone) {
    console.error(`${what}, and cannot be put back: ${undone.reason}`);
    for (const slug of undone.changedSince ?? []) console.error(`  changed since: ${slug}`);
    return EXIT.drift;
  }
  console.log(`${what}: put back the ${undone.stories.length} story(ies) it was writing, in their states, and its journal entries.`);
  return undefined;
}

/** The CDN with the public token, which serves published versions only; undefined without a token. */
async function publishedReader(flags: SpaceRunFlags): Promise<PublishedReader | undefined> {
  const token = flags.publicToken ?? (process.env.STORYBLOK_TOKEN || undefined);
  if (token === undefined) return undefined;
  const { createContentClient } = await import("../../../src/content/access/client");
  const endpoint = flags.cdnUrl ?? (process.env.STORYBLOK_API_URL || undefined);
  const region = flags.region ?? (process.env.STORYBLOK_REGION || undefined);
  const client = createContentClient({ source: { kind: "storyblok", token, ...(endpoint && { endpoint }), ...(region && { region }) } });
  return async (uuid, language) => {
    const query = { version: "published", find_by: "uuid", ...(language === undefined ? {} : { language }) };
    const answer = (await client.get(`cdn/stories/${uuid}`, query as never)) as { data: { story: CdnStory } };
    return answer.data.story;
  };
}

function report(plan: SpaceRunPlan, diff: boolean): void {
  const changed = changedOutcomes(plan);
  for (const { story, published, draft } of changed) {
    const versions: [string, VersionOutcome | undefined][] = [
      [story.state === "pending" ? "published" : story.state, published],
      [story.state === "pending" ? "pending draft" : "draft", draft],
    ];
    for (const [label, version] of versions) {
      if (!version?.changed) continue;
      console.log(`  ${story.fullSlug} (${label}): ${storySummary(version.changes)}`);
      if (diff)
        console.log(
          unifiedDiff(storyText(version.before.content), storyText(version.after.content), `a/${story.fullSlug}`, `b/${story.fullSlug}`),
        );
    }
  }
  const unchanged = plan.outcomes.length - changed.length;
  if (unchanged > 0) console.log(`  unchanged: ${unchanged} story(ies)`);
}
