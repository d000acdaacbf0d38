/**
 * The holes a scaffold leaves. Each takes a parameter of type `never`, so
 * passing it the message is itself the compile error, and tsc prints the
 * message: `Argument of type "'hero_section.title is new and required …'"
 * is not assignable to parameter of type 'never'`. tsx does not type-check,
 * so each also throws if an unfinished migration is run anyway; the run
 * then stops before writing anything.
 */

/** A value still to be written: `title: todo('…')`. */
export function todo(task: never): never {
  throw new Error(`unfinished migration: ${String(task)}`);
}

/** A decision still to be made (what becomes of a removed field's value): delete the line once made. */
export function decide(task: never): void {
  throw new Error(`unfinished migration: ${String(task)}`);
}
