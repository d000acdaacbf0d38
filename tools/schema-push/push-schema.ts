/**
 * `schema push` as a library: read schema/ and the space, plan, and apply
 * the plan when it is allowed and confirmed. It prints nothing; the caller
 * (`portfolio schema push`, `portfolio space push`) shows the plan from the
 * result or from `confirm`, and chooses exit codes.
 */
import type { ManagementClient } from "../management-api/management-client";
import { toManagementRequestError, type ManagementRequestError } from "../management-api/management-errors";
import { applyPlan, type WriteCounts } from "./apply-plan";
import { isEmptyPlan, type SchemaPlan } from "./plan-model";
import { judgeFieldChanges } from "./model-changes";
import { planSchemaPush } from "./plan-schema";
import { readLocalSchema } from "./read-local-schema";
import { readSpaceSchema } from "./read-space-schema";
import { spaceCoverage, type SpaceCoverage } from "../migrations/space/space-coverage";
import type { SpaceSchema } from "./schema-model";

export interface PushSchemaOptions {
  /** The folder `schema pull` writes: components.json (or a CLI v4 folder), datasources.json if any. */
  schemaDir: string;
  /** Apply breaking changes (fields removed or retyped, components, datasources or entries removed). */
  allowBreaking?: boolean;
  /**
   * The migrations folder: breaking changes are applied without `allowBreaking` when the
   * space has had every migration in it and schema/ is the last one's (space-coverage.ts).
   */
  migrationsDir?: string;
  /** The space's id, as the coverage's advice names it. */
  spaceId?: number | string;
  /** `space push`: the content folder whose stories are about to replace the space's (space-coverage.ts). */
  pushing?: { dir: string; slugs: readonly string[] };
  /** Delete what the space has and schema/ does not name; without it those stay. */
  prune?: boolean;
  /** Plan only: write nothing. */
  dryRun?: boolean;
  /** Asked with the plan before the first write; false writes nothing. Absent: apply. */
  confirm?: (plan: SchemaPlan) => boolean | Promise<boolean>;
}

/**
 * `unchanged`: nothing to do; `refused`: breaking changes without `allowBreaking`
 * (nothing written, dry run or not); `dry-run`; `declined` by `confirm`; `applied`.
 */
type PushOutcome = "unchanged" | "refused" | "dry-run" | "declined" | "applied";

export interface PushSchemaResult {
  plan: SchemaPlan;
  outcome: PushOutcome;
  /** Whether the space's stories have been moved through the breaking changes already; asked only when there are some. */
  coverage?: SpaceCoverage;
  /** Write calls made: all zero unless `applied`. */
  writes: WriteCounts;
}

/** The API failed; `writes` says how many calls succeeded before (0 when reading the space failed). */
export class SchemaPushError extends Error {
  override name = "SchemaPushError";
  constructor(
    readonly failure: ManagementRequestError,
    readonly writes: WriteCounts,
  ) {
    super(failure.message);
  }
}

const EMPTY_SPACE: SpaceSchema = {
  components: [],
  groups: [],
  presets: [],
  datasources: [],
  languages: { defaultName: "", languages: [] },
};

/** Throws BadInput (schema-files) for an unreadable or inconsistent schema/, SchemaPushError when the API fails. */
export async function pushSchema(client: ManagementClient, options: PushSchemaOptions): Promise<PushSchemaResult> {
  const local = readLocalSchema(options.schemaDir);
  // Planned against an empty space first: every reference in schema/ is checked before the first request.
  planSchemaPush(local, EMPTY_SPACE);
  const writes: WriteCounts = { created: 0, updated: 0, deleted: 0 };
  const space = await readSpaceSchema(client).catch((error: unknown) => {
    throw new SchemaPushError(toManagementRequestError(error), writes);
  });
  const plan = planSchemaPush(local, space, { prune: options.prune, fields: judgeFieldChanges(options.schemaDir, local, space) });
  let coverage: SpaceCoverage | undefined;
  const result = (outcome: PushOutcome): PushSchemaResult => ({ plan, outcome, writes, ...(coverage && { coverage }) });
  if (isEmptyPlan(plan)) return result("unchanged");
  if (plan.breaking.length > 0 && options.allowBreaking !== true) {
    if (options.migrationsDir === undefined) return result("refused");
    coverage = await spaceCoverage(client, {
      migrationsDir: options.migrationsDir,
      schemaDir: options.schemaDir,
      spaceId: options.spaceId ?? "ID",
      ...(options.pushing && { pushing: options.pushing }),
    }).catch((error: unknown) => {
      throw new SchemaPushError(toManagementRequestError(error), writes);
    });
    if (!coverage.covered) return result("refused");
    plan.notes.push(
      options.pushing
        ? `The breaking changes are ones the pushed stories have been through: ${options.pushing.dir} has had every migration in ${options.migrationsDir}/ (${coverage.migrations.length}), ${options.schemaDir}/ is the last one's schema, and the space holds no other story.`
        : `The breaking changes are ones the space's stories have been through: the space has had every migration in ${options.migrationsDir}/ (${coverage.migrations.length}), and ${options.schemaDir}/ is the last one's schema.`,
    );
  }
  if (options.dryRun === true) return result("dry-run");
  if (options.confirm !== undefined && !(await options.confirm(plan))) return result("declined");
  try {
    await applyPlan(client, plan, space, writes);
  } catch (error) {
    throw new SchemaPushError(toManagementRequestError(error), writes);
  }
  return result("applied");
}
