/** Block-level helpers: make a block, move fields into a new block (a split, or a move into a nested block). */
import { createHash } from "node:crypto";
import { translatedKey, translationKey } from "./translations";

/**
 * A uuid derived from the given strings (e.g. the old block's `_uid` and the
 * new block's kind): running the same migration on the same content gives
 * the same `_uid`s, so a run's diff is reproducible.
 */
export function derivedUid(...seeds: string[]): string {
  const hex = createHash("sha256").update(seeds.join("\u0000")).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Block = { component: string; _uid: string };

/** A new block of type `B`, its `_uid` derived from the block it comes from (and `salt`, for several of one kind). */
export function newBlock<B extends Block>(from: { _uid: string }, fields: Omit<B, "_uid" | "_editable">, salt = ""): B {
  return { _uid: derivedUid(from._uid, fields.component, salt), ...fields } as unknown as B;
}

/**
 * Takes fields out of `block` into a new block of kind `component`, named
 * as `mapping` says (new key → old key): `rest` is the block without them,
 * `nested` the new block. Return `[rest, nested]` to split a block in two,
 * or `{ ...rest, items: [nested] }` to move fields into a nested block.
 * Their translations move with them (`title__i18n__nl` to the nested
 * block's `heading__i18n__nl`).
 */
export function moveInto<B extends Block, C extends string, M extends Record<string, Exclude<keyof B, keyof Block>>>(
  block: B,
  component: C,
  mapping: M,
): { rest: Omit<B, M[keyof M]>; nested: { _uid: string; component: C } & { [K in keyof M]: B[M[K]] } } {
  const moved = new Set<PropertyKey>(Object.values(mapping));
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block)) if (!moved.has(key) && !moved.has(translationKey(key)?.[0] ?? "")) rest[key] = value;
  const nested: Record<string, unknown> = { _uid: derivedUid(block._uid, component), component };
  for (const [key, from] of Object.entries(mapping)) {
    if (block[from] !== undefined) nested[key] = block[from];
    for (const [translated, value] of Object.entries(block)) {
      const parts = translationKey(translated);
      if (parts?.[0] === from) nested[translatedKey(key, parts[1])] = value;
    }
  }
  return { rest: rest as Omit<B, M[keyof M]>, nested: nested as { _uid: string; component: C } & { [K in keyof M]: B[M[K]] } };
}
