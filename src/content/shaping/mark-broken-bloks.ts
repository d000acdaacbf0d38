/**
 * Finds the nested blocks <Blocks> would skip and puts a marker in their
 * place (broken-blok.ts). A block is checked as <Blocks> checks it: with
 * every block inside it, so the first broken block on the way down is the
 * one marked, and a block that passes needs no further look.
 */
import { NESTABLE } from "../../generated/engine";
import { BLOK_RULES, checkBlok } from "../../generated/validators";
import { brokenBlok, brokenProblems } from "./broken-blok";
import { relationAt, type RelationFields } from "../access/relation-fields";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/** A block <Blocks> can render: a nestable component of the schema (an unknown one it names itself). */
function isNestable(value: Obj): boolean {
  const component = value.component;
  if (typeof component !== "string" || !Object.hasOwn(BLOK_RULES, component)) return false;
  return (BLOK_RULES[component]![0] & NESTABLE) !== 0;
}

/**
 * Marks broken blocks in `content`, a story's content freshly copied (it is
 * changed in place). The relations `relations` names are left alone: the
 * stories there are not rendered as blocks (cards show a few of their
 * fields). Iterative, like every walk over content (content-tree.ts).
 */
export function markBrokenBloks(content: unknown, relations: RelationFields): void {
  const stack: unknown[] = [content];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => {
        // A story checked before (the dev server's live stream sends stories it accepted) keeps its marks and their reasons.
        if (!isObj(item) || brokenProblems(item)) return;
        if (!isNestable(item)) return void stack.push(item);
        const checked = checkBlok(item);
        if (!checked.ok) value[index] = brokenBlok(item, checked.problems);
      });
    } else if (isObj(value)) {
      for (const [key, field] of Object.entries(value)) if (relationAt(relations, value, key) === undefined) stack.push(field);
    }
  }
}
