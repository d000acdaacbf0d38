import { allowedNames } from "../fields/blok-union.js";
import type { BlokRestriction, ComponentModel, FieldModel, SchemaModel } from "../model.js";
import { sortedBy } from "../sort.js";

/** Stands for "a multilink field" among what a block may hold; relation names always have a dot, so it meets none. */
export const HOLDS_LINK = "multilink";

/** A story-reference field: what `resolve_relations` may name. */
export function isStoryField(field: FieldModel): boolean {
  return (field.type === "option" || field.type === "options") && field.source === "internal_stories";
}

export interface RelationField {
  /** `component.field`, as `resolve_relations` names it. */
  name: string;
  component: ComponentModel;
  field: FieldModel;
}

/** Every story-reference field of the schema, sorted by name. */
export function relationFields(model: SchemaModel): RelationField[] {
  const fields = model.components.flatMap((component) =>
    component.fields.filter(isStoryField).map((field) => ({ name: `${component.name}.${field.key}`, component, field })),
  );
  return sortedBy(fields, (relation) => relation.name);
}

/**
 * Per component, what it may hold at any depth: the relation fields (by
 * name) of itself and of every block its `bloks` and rich-text fields allow,
 * and theirs, and HOLDS_LINK when a multilink field is among them. A request
 * changes the type of a block only when the block holds something it
 * resolves, so every other block keeps its own type. Components that hold
 * nothing are left out; each list is sorted, HOLDS_LINK last.
 *
 * A graph of blocks and what they allow, walked to a fixed point. An
 * unrestricted field points at one node for "every nestable block", and a
 * whitelist at one node per distinct whitelist, so the edges grow with the
 * schema, not with its square (a thousand blocks that each allow any block
 * are a thousand edges, not a million).
 */
export function resolvableWithin(model: SchemaModel, relations: readonly RelationField[]): Map<string, string[]> {
  const components = model.components;
  const index = new Map(components.map((component, i) => [component.name, i]));
  // Bits in name order, so each component's list comes off its mask sorted.
  const relationNames = sortedBy(relations, (relation) => relation.name).map((relation) => relation.name);
  const bit = new Map(relationNames.map((name, i) => [name, 1n << BigInt(i)]));
  const linkBit = 1n << BigInt(relationNames.length);

  const own: bigint[] = components.map((component) => {
    let mask = 0n;
    for (const field of component.fields) {
      // Only story fields are relations (relationFields): no name to build for the others.
      if (isStoryField(field)) mask |= bit.get(`${component.name}.${field.key}`) ?? 0n;
      if (field.type === "multilink") mask |= linkBit;
    }
    return mask;
  });
  const children: number[][] = components.map(() => []);
  /** A node standing for a set of blocks (every nestable one, or one whitelist), made once. */
  const setNodes = new Map<string, number>();
  const setNode = (key: string, names: () => readonly string[]): number => {
    let node = setNodes.get(key);
    if (node === undefined) {
      node = own.length;
      setNodes.set(key, node);
      own.push(0n);
      children.push(names().flatMap((name) => index.get(name) ?? []));
    }
    return node;
  };
  const nestable = () => components.filter((c) => c.isNestable || !c.isRoot).map((c) => c.name);
  const allowed = (restriction: BlokRestriction): number =>
    restriction.kind === "any"
      ? setNode("any", nestable)
      : setNode(JSON.stringify(restriction), () => {
          const names = allowedNames(model, restriction);
          return names === 0 ? [] : names;
        });
  components.forEach((component, i) => {
    for (const field of component.fields) {
      if (field.type === "bloks" || field.type === "richtext") children[i]!.push(allowed(field.restriction));
    }
  });

  const masks = fixedPoint(own, children);
  const within = new Map<string, string[]>();
  for (const component of sortedBy(components, (c) => c.name)) {
    const mask = masks[index.get(component.name)!]!;
    if (mask === 0n) continue;
    // The mask's digits, lowest bit last: one string rather than a BigInt shift per relation.
    const digits = mask.toString(2);
    const isSet = (i: number) => digits[digits.length - 1 - i] === "1";
    const held = relationNames.filter((_, i) => isSet(i));
    if (isSet(relationNames.length)) held.push(HOLDS_LINK);
    within.set(component.name, held);
  }
  return within;
}

/**
 * Each node's mask: its own bits and those of every node it reaches. A
 * worklist: a node is looked at again only when a node it points at gained
 * bits, and masks only grow, so each node changes at most once per bit.
 */
function fixedPoint(own: readonly bigint[], children: readonly (readonly number[])[]): bigint[] {
  const parents: number[][] = own.map(() => []);
  children.forEach((list, node) => list.forEach((child) => parents[child]!.push(node)));
  const masks = [...own];
  const queue = own.map((_, node) => node);
  const queued = own.map(() => true);
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head]!;
    queued[node] = false;
    const mask = children[node]!.reduce((sum, child) => sum | masks[child]!, own[node]!);
    if (mask === masks[node]) continue;
    masks[node] = mask;
    for (const parent of parents[node]!) {
      if (!queued[parent]) {
        queued[parent] = true;
        queue.push(parent);
      }
    }
  }
  return masks;
}
