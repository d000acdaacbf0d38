/**
 * A nested block that breaks its type contract, as the data boundary
 * (story-contract.ts) hands it on: the block's name, uid and editor marker
 * and why it is broken, nothing of its content. <Blocks> skips it (or shows
 * the editor a notice) from this alone, so the browser renders checked
 * content without downloading the validators.
 */
/** The field that marks a block as broken; Storyblok's own fields never start with `_b`. */
const BROKEN = "_broken";

export interface BrokenBlok {
  component: string;
  _uid: string;
  _editable?: string;
  /** One line per problem, as formatProblem words them. */
  _broken: string[];
}

/** The marker that stands in for `blok`. */
export function brokenBlok(blok: Record<string, unknown>, problems: string[]): BrokenBlok {
  return {
    component: String(blok.component),
    _uid: typeof blok._uid === "string" ? blok._uid : "",
    ...(typeof blok._editable === "string" && { _editable: blok._editable }),
    [BROKEN]: problems,
  };
}

/** Why the block is not shown, when the data boundary marked it broken. */
export function brokenProblems(blok: object): readonly string[] | undefined {
  const problems: unknown = Object.hasOwn(blok, BROKEN) ? (blok as Record<string, unknown>)[BROKEN] : undefined;
  return Array.isArray(problems) ? problems.map(String) : undefined;
}
