/**
 * Every block in a story's content, wherever it sits: the content itself,
 * `bloks` fields at any depth, and the `body` of rich text's `blok` nodes
 * (a block is any object with a string `component`). Found with an explicit
 * stack, as every walk over content is (src/content/shaping/content-tree.ts).
 */

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

export function isBlock(value: unknown): value is Obj & { component: string } {
  return isObj(value) && typeof value.component === "string";
}

export interface BlockSlot {
  /** The array or object that holds the block, and where in it. */
  container: unknown[] | Obj;
  key: number | string;
  /** As validation problems name it: `content(page).body[0](hero_section).intro.content[2].body[0](link)`. */
  path: string;
}

/** The slots of every block under `holder[key]`, parents before children, siblings in order. */
export function blockSlots(holder: Obj, key: string): BlockSlot[] {
  const slots: BlockSlot[] = [];
  const stack: [container: unknown[] | Obj, key: number | string, path: string][] = [[holder, key, key]];
  while (stack.length > 0) {
    const [container, at, path] = stack.pop()!;
    const value = Array.isArray(container) ? container[at as number] : container[at as string];
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push([value, i, `${path}[${i}]`]);
      continue;
    }
    if (!isObj(value)) continue;
    let base = path;
    if (isBlock(value)) {
      base = `${path}(${value.component})`;
      slots.push({ container, key: at, path: base });
    }
    // A rich-text `blok` node's blocks are named `….content[2].body[0](link)`, as validation problems name them.
    const fields = value.type === "blok" && isObj(value.attrs) ? value.attrs : value;
    const keys = Object.keys(fields);
    for (let i = keys.length - 1; i >= 0; i -= 1) stack.push([fields, keys[i]!, `${base}.${keys[i]}`]);
  }
  return slots;
}
