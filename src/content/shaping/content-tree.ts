/**
 * Walks over story content without recursion. Content is JSON an API client
 * can nest as deep as it likes; a recursive walk overflows the stack at a
 * few thousand levels (and takes down every page that reads the story,
 * including pages that only link to it). These walks use an explicit stack.
 */

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Content nested deeper than this many JSON levels is cut when a story
 * enters the site: far below what the renderers show (rich text stops at
 * 100 nodes, ~200 levels), and far above what JSON.stringify (page props)
 * survives (~4,000 levels).
 */
export const MAX_CONTENT_DEPTH = 1000;

/** Calls `visit` for every object in the tree (arrays are walked, not visited), parents before children. */
export function forEachObject(root: unknown, visit: (object: Obj) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    const children = Array.isArray(value) ? value : isObj(value) ? (visit(value), Object.values(value)) : [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]);
  }
}

/** An own, enumerable property, even for a key like `__proto__` (plain assignment would set the prototype). */
function setOwn(target: Obj | unknown[], key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export interface CopyResult {
  value: unknown;
  /** Whether anything nested deeper than `maxDepth` was left out (replaced by null). */
  truncated: boolean;
}

/**
 * What `replace` puts in a field's place: `value` as it is, or with `walk`,
 * a copy of `value` walked like the rest (its own fields may be replaced,
 * and it counts towards the depth).
 */
export interface Replacement {
  value: unknown;
  walk?: boolean;
}

/**
 * A copy of `root` in which `replace(object, key, value)` may substitute a
 * field's value (return a Replacement), and anything nested deeper than
 * `maxDepth` is null.
 */
export function copyContent(
  root: unknown,
  replace: (object: Obj, key: string, value: unknown) => Replacement | undefined,
  maxDepth = MAX_CONTENT_DEPTH,
): CopyResult {
  const holder: unknown[] = [undefined];
  let truncated = false;
  // Each entry: a value, where its copy goes, its depth, and the object it is a field of (for `replace`).
  type Entry = [value: unknown, parent: Obj | unknown[], key: string | number, depth: number, owner: Obj | undefined];
  const stack: Entry[] = [[root, holder, 0, 0, undefined]];
  while (stack.length > 0) {
    const [value, parent, key, depth, owner] = stack.pop()!;
    // Children are pushed last-first, so fields are visited (and `replace` called) in document order.
    const substitute = owner && typeof key === "string" ? replace(owner, key, value) : undefined;
    if (substitute?.walk) {
      // Copied in its turn, as a value no field holds yet: `replace` is not asked about it again.
      stack.push([substitute.value, parent, key, depth, undefined]);
    } else if (substitute) {
      setOwn(parent, key, substitute.value);
    } else if (typeof value !== "object" || value === null) {
      setOwn(parent, key, value);
    } else if (depth >= maxDepth) {
      truncated = true;
      setOwn(parent, key, null);
    } else if (Array.isArray(value)) {
      const copy: unknown[] = new Array(value.length);
      setOwn(parent, key, copy);
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push([value[index], copy, index, depth + 1, undefined]);
    } else {
      const source = value as Obj;
      const copy: Obj = {};
      setOwn(parent, key, copy);
      const fields = Object.keys(source);
      for (const field of fields) setOwn(copy, field, undefined);
      for (let index = fields.length - 1; index >= 0; index -= 1) {
        const field = fields[index]!;
        stack.push([source[field], copy, field, depth + 1, source]);
      }
    }
  }
  return { value: holder[0], truncated };
}
