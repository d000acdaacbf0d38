/**
 * `portfolio check`'s content half: the content model may not move on
 * without the content. It fails when schema/ holds a change content may not
 * survive (isBreaking) that no migration covers, i.e. since the last
 * snapshot in migrations/; when the content folder has not had every
 * migration; and when its stories do not validate against the generated
 * validators. Each failure names the change and the command that fixes it.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { formatChange, type GeneratedFile, isBreaking, suggestRenames } from "storyblok-typed-codegen";
import { validateContentDirectory } from "../../../tools/content-validation/validate-directory";
import { lastSnapshot, listMigrations } from "../../../tools/migrations/folder";
import { pendingIn } from "../../../tools/migrations/run/directory-run";
import { loadSchemaRules } from "../../../tools/migrations/run/load";
import { EXIT } from "../exit-codes";
import { changesSinceSnapshot, label } from "../../../tools/migrations/snapshot";

export interface ContentDriftInput {
  schema: string;
  out: string;
  dir: string;
  migrations: string;
  /** What the generator makes of the schema now, and whether --out holds exactly that. */
  files: readonly GeneratedFile[];
  generatedIsCurrent: boolean;
}

const RUN = "`npm run portfolio -- migrate run`";

export async function checkContentDrift(input: ContentDriftInput): Promise<number> {
  const covered = uncoveredChanges(input);
  if (!existsSync(input.dir)) return covered;
  const scripts = listMigrations(input.migrations).filter((entry) => entry.script !== undefined);
  const pending = pendingIn(
    input.dir,
    scripts.map((entry) => entry.id),
  );
  if (pending.length > 0) {
    console.log(`${input.dir}/ has not had ${pending.length} migration(s): ${pending.join(", ")}. Run ${RUN}.`);
    return EXIT.drift;
  }
  if (!input.generatedIsCurrent) {
    console.log(`${input.dir}/ is checked against the schema once ${input.out} is current.`);
    return covered;
  }
  const rules = await loadSchemaRules(input.out);
  const report = await validateContentDirectory(resolve(input.dir), rules);
  if (report.problems.length === 0) {
    console.log(
      `${input.dir}/: ${report.storyCount} stories match ${input.schema} (${input.out}/validators.ts)${scripts.length > 0 ? `, and have had every migration (${scripts.length})` : ""}.`,
    );
    return covered;
  }
  console.log(`${input.dir}/ does not follow ${input.schema}: ${report.problems.length} problem(s).`);
  for (const { file, problem } of report.problems) console.log(`  ${input.dir}/${file}: ${problem}`);
  console.log(
    `A schema change the content does not follow needs a migration: \`npm run portfolio -- migrate new <name>\`, then ${RUN}. ` +
      "A story that is simply wrong is fixed in its file (`npm run portfolio -- content validate` lists the same problems).",
  );
  return EXIT.drift;
}

/** The changes since the last snapshot that content may not survive; none when there is no snapshot to compare with (migrations not started). */
function uncoveredChanges(input: ContentDriftInput): number {
  const last = lastSnapshot(listMigrations(input.migrations));
  if (last === undefined) {
    console.log(
      `No schema snapshot in ${input.migrations}/: schema changes are not held to migrations (start with \`npm run portfolio -- migrate baseline\`).`,
    );
    return EXIT.ok;
  }
  const changes = changesSinceSnapshot(last.snapshot, input.files);
  const breaking = changes.filter(isBreaking);
  if (breaking.length === 0) {
    if (changes.length > 0)
      console.log(
        `${changes.length} change(s) since ${label(last.snapshot)} need no migration (content written before them still fits); ` +
          "`npm run portfolio -- migrate snapshot <name>` records them.",
      );
    return EXIT.ok;
  }
  console.log(
    `${input.schema} changed since the last migration's snapshot (${label(last.snapshot)}) in ways existing content may not fit, and no migration covers them:`,
  );
  for (const change of breaking) console.log(`  ${formatChange(change)}`);
  const renames = suggestRenames(changes, []).map(({ block, from, to }) => ` --rename ${block}.${from}=${to}`);
  console.log(
    `Write one: \`npm run portfolio -- migrate new <name>${renames.join("")}\`${renames.length > 0 ? " (if those are renames)" : ""}, fill it in until tsc passes, then ${RUN}.`,
  );
  return EXIT.drift;
}
