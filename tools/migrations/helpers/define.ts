/**
 * The shape of a migration file: `export default defineMigration<Before, After>({ block(…) {…} })`,
 * typed by the block maps generated from the schema on each side
 * (`BlokByComponent` of `<id>/before/` and `<id>/after/`). The runner
 * (tools/migrations/run/) reads only `blocks`, so a migration loaded from
 * another checkout's copy of these helpers runs the same.
 */

/** A block function's result: the block it becomes, or the blocks that take its place (none drops it). */
type Result<New> = New[keyof New] | readonly New[keyof New][];

/** Per old block kind, at most one function; it returns blocks of the new schema. */
export type BlockMigrations<Old, New> = {
  // `never`: any parameter type is accepted here; each function's own annotation types it precisely.
  [K in keyof Old]?: (block: never) => Result<New>;
};

export interface Migration {
  readonly blocks: Readonly<Record<string, (block: never) => unknown>>;
}

export function defineMigration<Old, New>(blocks: BlockMigrations<Old, New>): Migration {
  return { blocks: blocks as Migration["blocks"] };
}

/**
 * A block as its function receives it: its own fields as they were (`Old`),
 * and the fields listed in `Nested`, which hold blocks, as they are now: the
 * runner migrates the blocks inside a block before the block itself.
 */
export type Migrating<Old, New, Nested extends keyof Old & keyof New = never> = Omit<Old, Nested> & Pick<New, Nested>;
