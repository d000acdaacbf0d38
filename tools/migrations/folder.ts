/**
 * The migrations folder (`migrations/` by default):
 *
 *   <id>.ts             a migration: `export default defineMigration(…)`
 *   <id>/schema/        the schema it was written against (the schema after it)
 *   <id>/before/        types generated from the previous snapshot
 *   <id>/after/         types generated from <id>/schema (src/generated's, then)
 *
 * An id is `<UTC timestamp, 14 digits>-<name>`; ids sort in the order the
 * migrations run. A folder with a snapshot and no `.ts` records a schema
 * with nothing to run: the baseline (the schema the content followed when
 * migrations began) or a later `migrate snapshot` (changes that needed no
 * migration). The newest snapshot of any kind is what the next migration
 * is written from and `portfolio check` compares with.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ID = /^(\d{14})-([a-z0-9]+(?:-[a-z0-9]+)*)$/;
export const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface MigrationEntry {
  id: string;
  /** The migration file, when there is one (a baseline has none). */
  script?: string;
  /** `<id>/schema`, when it exists. */
  snapshot?: string;
}

/** Every id in the folder, in running order; an empty list when the folder does not exist. */
export function listMigrations(dir: string): MigrationEntry[] {
  if (!existsSync(dir)) return [];
  const ids = new Set<string>();
  for (const name of readdirSync(dir)) {
    const id = name.endsWith(".ts") ? name.slice(0, -3) : name;
    if (ID.test(id)) ids.add(id);
  }
  return [...ids].sort().map((id) => {
    const script = join(dir, `${id}.ts`);
    const snapshot = join(dir, id, "schema");
    return {
      id,
      ...(existsSync(script) ? { script } : {}),
      ...(existsSync(snapshot) && statSync(snapshot).isDirectory() ? { snapshot } : {}),
    };
  });
}

/** The newest snapshot: what the content model was when the last migration (or the baseline) was written. */
export function lastSnapshot(entries: readonly MigrationEntry[]): (MigrationEntry & { snapshot: string }) | undefined {
  return entries.filter((entry): entry is MigrationEntry & { snapshot: string } => entry.snapshot !== undefined).at(-1);
}

/** `<timestamp>-<name>`, one second after the newest id when the clock says otherwise, so ids always sort in creation order. */
export function nextId(entries: readonly MigrationEntry[], name: string, now: Date): string {
  let stamp = timestamp(now);
  const newest = entries.at(-1)?.id.slice(0, 14);
  if (newest !== undefined && stamp <= newest) stamp = timestamp(new Date(parseStamp(newest).getTime() + 1000));
  return `${stamp}-${name}`;
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

function parseStamp(stamp: string): Date {
  const [y, mo, d, h, mi, s] = [
    stamp.slice(0, 4),
    stamp.slice(4, 6),
    stamp.slice(6, 8),
    stamp.slice(8, 10),
    stamp.slice(10, 12),
    stamp.slice(12, 14),
  ];
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}
