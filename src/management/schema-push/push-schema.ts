/**
 * `schema push` as a library: read schema/ and the space, plan, and apply
 * the plan when it is allowed and confirmed. It prints nothing; the caller
 * (`portfolio schema push`, `portfolio space push`) shows the plan from the
 * result or from `confirm`, and chooses exit codes.
 */
import type { ManagementClient } from "../management-client";
import { toManagementRequestError, type ManagementRequestError } from "../management-errors";
import { applyPlan, type WriteCounts } from "./apply-plan";
import { isEmptyPlan, type SchemaPlan } from "./plan-model";
import { planSchemaPush } from "./plan-schema";
import { readLocalSchema } from "./read-local-schema";
import { readSpaceSchema } from "./read-space-schema";
import type { SpaceSchema } from "./schema-model";

export interface PushSchemaOptions {
  /** The folder `schema pull` writes: components.json (or a CLI v4 folder), datasources.json if any. */
  schemaDir: string;
  /** Apply breaking changes (fields removed or retyped, components, datasources or entries removed). */
  allowBreaking?: boolean;
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
export type PushOutcome = "unchanged" | "refused" | "dry-run" | "declined" | "applied";

export interface PushSchemaResult {
  plan: SchemaPlan;
  outcome: PushOutcome;
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

const EMPTY_SPACE: SpaceSchema = { components: [], groups: [], presets: [], datasources: [] };

/** Throws BadInput (schema-files) for an unreadable or inconsistent schema/, SchemaPushError when the API fails. */
export async function pushSchema(client: ManagementClient, options: PushSchemaOptions): Promise<PushSchemaResult> {
  const local = readLocalSchema(options.schemaDir);
  // Planned against an empty space first: every reference in schema/ is checked before the first request.
  planSchemaPush(local, EMPTY_SPACE);
  const writes: WriteCounts = { created: 0, updated: 0, deleted: 0 };
  const space = await readSpaceSchema(client).catch((error: unknown) => {
    throw new SchemaPushError(toManagementRequestError(error), writes);
  });
  const plan = planSchemaPush(local, space, { prune: options.prune });
  const result = (outcome: PushOutcome): PushSchemaResult => ({ plan, outcome, writes });
  if (isEmptyPlan(plan)) return result("unchanged");
  if (plan.breaking.length > 0 && options.allowBreaking !== true) return result("refused");
  if (options.dryRun === true) return result("dry-run");
  if (options.confirm !== undefined && !(await options.confirm(plan))) return result("declined");
  try {
    await applyPlan(client, plan, space, writes);
  } catch (error) {
    throw new SchemaPushError(toManagementRequestError(error), writes);
  }
  return result("applied");
}
