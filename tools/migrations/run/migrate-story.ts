/**
 * One migration applied to one story's content, with no I/O: the part a
 * content folder and a Storyblok space share. `portfolio migrate run` calls
 * it for each file of content/; a space runner (through the Management API)
 * calls it for each story it reads, then validates and writes the same way.
 *
 * Blocks are migrated from the leaves up: when a block's function runs, the
 * blocks inside it are already migrated, so a function sees (and returns)
 * its children as the new schema has them. A function may mutate the block
 * it gets (the runner works on its own copy) and may return several blocks,
 * which take its place in the list that held it.
 */
import { translationKey } from "../helpers/translations";
import { blockSlots, isBlock } from "./block-slots";

/** A migration as loaded: its id and, per old block kind, the function that makes it fit the new schema. */
export interface LoadedMigration {
  id: string;
  blocks: Readonly<Record<string, (block: never) => unknown>>;
}

/** One block a migration changed. */
interface BlockChange {
  path: string;
  component: string;
  /** `block.field` for each field it added, removed or changed, sorted. */
  fields: string[];
  /** The kinds of the blocks it became, when it became other or several blocks. */
  into?: string[];
}

/** A migration function threw, or returned something that is not a block. */
export class MigrationFailure extends Error {
  constructor(
    readonly migration: string,
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${migration}: ${problem}`);
  }
}

/**
 * `content` (a story's content, migrated in place: pass a copy) after one
 * migration, and the blocks it changed in document order. Throws
 * MigrationFailure naming the block's path.
 */
function migrateContent(holder: { content: unknown }, migration: LoadedMigration): BlockChange[] {
  const changes: BlockChange[] = [];
  // Children come after their parent in the list, so going backwards migrates the leaves first; and a later
  // sibling goes before an earlier one, so a block replaced by several never moves a slot still to be visited.
  const slots = blockSlots(holder, "content");
  for (let i = slots.length - 1; i >= 0; i -= 1) {
    const { container, key, path } = slots[i]!;
    const block = (Array.isArray(container) ? container[key as number] : container[key as string]) as Record<string, unknown> & {
      component: string;
    };
    const fn = Object.hasOwn(migration.blocks, block.component) ? migration.blocks[block.component] : undefined;
    if (fn === undefined) continue;
    const before = fieldTexts(block);
    const component = block.component;
    let result: unknown;
    try {
      result = fn(block as never);
    } catch (error) {
      throw new MigrationFailure(migration.id, path, error instanceof Error ? error.message : String(error));
    }
    const blocks = Array.isArray(result) ? (result as unknown[]) : [result];
    const wrong = blocks.findIndex((item) => !isBlock(item));
    if (wrong >= 0) {
      throw new MigrationFailure(
        migration.id,
        path,
        `the ${component} function returned ${describe(blocks[wrong])}, not a block (an object with a component)`,
      );
    }
    const stranded = strandedTranslations(before, blocks as Record<string, unknown>[]);
    if (stranded.length > 0) {
      throw new MigrationFailure(
        migration.id,
        path,
        `the ${component} function took away ${[...new Set(stranded.map(([field]) => field))].join(", ")} but left its translations (${stranded.map(([, key]) => key).join(", ")}), ` +
          "which no field has now: carry them with renameField, moveInto or convertField, or drop them with dropTranslations (tools/migrations/helpers)",
      );
    }
    if (Array.isArray(result)) {
      if (!Array.isArray(container))
        throw new MigrationFailure(migration.id, path, `the ${component} function returned a list, but a story's content is one block`);
      container.splice(key as number, 1, ...blocks);
    } else {
      (container as Record<string, unknown>)[key as string] = result;
    }
    const change = describeChange(path, component, before, blocks as (Record<string, unknown> & { component: string })[]);
    if (change) changes.push(change);
  }
  return changes.reverse();
}

/**
 * Translations the function passed on (the block had them, `...block` kept them) while the field they translate
 * went: renamed or removed without them. Left so, they would sit in the content in no field's name.
 */
function strandedTranslations(
  before: ReadonlyMap<string, string>,
  after: readonly Record<string, unknown>[],
): [field: string, key: string][] {
  const stranded: [string, string][] = [];
  for (const block of after) {
    for (const key of Object.keys(block)) {
      const field = translationKey(key)?.[0];
      if (field !== undefined && before.has(key) && before.has(field) && !Object.hasOwn(block, field)) stranded.push([field, key]);
    }
  }
  return stranded;
}

function fieldTexts(block: Record<string, unknown>): Map<string, string> {
  return new Map(Object.entries(block).map(([key, value]) => [key, JSON.stringify(value)]));
}

function describeChange(
  path: string,
  component: string,
  before: Map<string, string>,
  after: (Record<string, unknown> & { component: string })[],
): BlockChange | undefined {
  const same = after.length === 1 && after[0]!.component === component;
  const kept = after.find((block) => block.component === component);
  const now = kept ? fieldTexts(kept) : undefined;
  const fields =
    now === undefined
      ? []
      : [...new Set([...before.keys(), ...now.keys()])]
          // `component` never differs: the block compared is one of the same kind.
          .filter((key) => before.get(key) !== now.get(key))
          .map((key) => `${component}.${key}`)
          .sort();
  if (same && fields.length === 0) return undefined;
  return same ? { path, component, fields } : { path, component, fields, into: after.map((block) => block.component) };
}

function describe(value: unknown): string {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object without a component" : `a ${typeof value}`;
}

/** What the migrations did to one story, per migration. */
export interface StoryChanges {
  migration: string;
  blocks: BlockChange[];
}

/**
 * The story after `migrations`, in order, and what each changed. The story
 * given is not touched. This is the per-story transform a space runner
 * calls on each story (published or draft) it reads through the Management
 * API; it then validates the results (planRun's `validate`) before writing.
 */
export function migrateStory<S extends { content: unknown }>(
  story: S,
  migrations: readonly LoadedMigration[],
): { story: S; changes: StoryChanges[] } {
  const copy = structuredClone(story);
  const changes = migrations.map((migration) => ({ migration: migration.id, blocks: migrateContent(copy, migration) }));
  return { story: copy, changes };
}
