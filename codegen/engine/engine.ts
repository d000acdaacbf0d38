/**
 * The one implementation of block validation. The rules are data, generated
 * from the schema into src/generated/validators.ts; this engine reads them.
 * It runs in the browser (the site skips invalid blocks) and in Node
 * (`portfolio content validate`), so it imports nothing (and is copied
 * alone beside generated code in tests).
 *
 * Two levels, one walk:
 * - the type contract (always): what src/generated/components.ts promises a
 *   renderer — required keys present, each value of its field's wire shape,
 *   only allowed blocks inside `bloks` and rich text. A value that passes is
 *   safe to hand to code typed with the generated types. Inside a rich-text
 *   document only the embedded blocks are part of it: the rich-text renderer
 *   reads every node as untrusted, so a malformed node costs that node, not
 *   the block or the story.
 * - `strict` (content validation): what an author should fix even though no
 *   renderer breaks — empty required fields, fields the schema does not have,
 *   number/datetime/uuid formats, limits, alt text, rich-text node shapes,
 *   unknown rich-text nodes, translations Storyblok never serves.
 *
 * Translations (field-level, as the Management API stores them): a block's
 * `title__i18n__nl` is its `title` in Dutch. Where `title` is translatable and
 * `nl` is one of the space's languages (`languages`), the Content Delivery API
 * answers `?language=nl` with that value in `title`'s place, so it is held to
 * `title`'s rule at both levels (an empty one, "" or null, is no translation: the
 * default language's value stands in). Any other `__i18n__` key — of a field that
 * is not translatable or does not exist, or in a language the space does not
 * list — is never served: no renderer sees it, so only `strict` reports it.
 * - `richText` checks, when a caller passes them (rich-text-checks.ts):
 *   rich-text values the renderer does not render as written.
 *
 * Nesting is bounded so no walk can exhaust the stack: rich text deeper than
 * RICH_TEXT_MAX_DEPTH is not walked (the renderer does not show it either;
 * with `richText` checks it is reported), and blocks and rich-text nodes
 * nested more than MAX_NESTING levels in all break the contract.
 */

/**
 * Rich-text nodes nested deeper than this inside one field are not rendered
 * (src/richtext warns once) and not validated. Real documents stay under ~15
 * levels (a table cell in a list in a quote); the limit keeps every walk far
 * from the stack's end.
 */
export const RICH_TEXT_MAX_DEPTH = 100;

/** Blocks and rich-text nodes nested inside each other past this many levels are a contract problem. */
export const MAX_NESTING = 500;

/** Second item of every field rule: 1 when the field is required. */
export type Required = 0 | 1;
/** Allowed block names; 0 means every nestable block. */
export type Allowed = readonly string[] | 0;

/** One field's rule: `[kind, required, …kind's arguments]`. */
export type FieldRule =
  | readonly [kind: "text", required: Required, maxLength?: number]
  | readonly [kind: "number" | "datetime" | "boolean" | "asset" | "multiasset" | "table" | "custom", required: Required]
  /** Values in the order the type lists them (with `""` when the type allows it); 0 when the schema does not list them. */
  | readonly [kind: "option", required: Required, values: readonly string[] | 0]
  | readonly [kind: "options", required: Required, values: readonly string[] | 0, maxOptions?: number]
  /** Story references: a uuid, or (resolvable = 1, the field is in RESOLVE_RELATIONS) the resolved story. */
  | readonly [kind: "story", required: Required, resolvable: 0 | 1]
  | readonly [kind: "stories", required: Required, resolvable: 0 | 1, maxOptions?: number]
  | readonly [kind: "bloks", required: Required, allowed: Allowed, minimum?: number, maximum?: number]
  | readonly [kind: "richtext", required: Required, allowed: Allowed]
  | readonly [kind: "multilink", required: Required, linkTypes: readonly string[]];

/** Where a block may be used: 1 = content type (is_root), 2 = nestable, 3 = both. */
export type Placement = 1 | 2 | 3;
export const CONTENT_TYPE = 1;
export const NESTABLE = 2;

/** A block's rule: where it may be used, its fields' rules, and (when it has any) its translatable fields. */
export type BlokRule = readonly [placement: Placement, fields: Readonly<Record<string, FieldRule>>, translatable?: readonly string[]];
export type BlokRules = Readonly<Record<string, BlokRule>>;

type RuleData = [placement: Placement, fields: Record<string, (string | number | readonly string[])[]>, translatable?: string[]];

/**
 * The rules from the JSON text src/generated/validators.ts holds: `blocks`
 * maps block names to rules, `lists` holds the lists several fields share,
 * and a field argument `"#n"` stands for `lists[n]` (after the kind, a
 * rule's arguments are otherwise numbers or lists, never strings).
 */
export function parseRules(blocks: string, lists: string): BlokRules {
  const shared = JSON.parse(lists) as (readonly string[])[];
  const rules = JSON.parse(blocks) as Record<string, RuleData>;
  for (const [, fields] of Object.values(rules)) {
    for (const rule of Object.values(fields)) {
      for (let i = 2; i < rule.length; i += 1) {
        const argument = rule[i];
        if (typeof argument !== "string") continue;
        const list = shared[Number(argument.slice(1))];
        if (list === undefined) throw new Error(`validators.ts names a shared list it does not hold: ${argument}; run \`npm run codegen\``);
        rule[i] = list;
      }
    }
  }
  return rules as unknown as BlokRules;
}

export interface BlokProblem {
  /** Where, e.g. `content(page).body[2](timeline_slide_list).slides[0](timeline_slide).start_date`. */
  path: string;
  message: string;
}

export interface ValidateOptions {
  /** The path of the value itself; `content` for a story's content. Default: none (the path starts at the block). */
  path?: string;
  /** Also report what an author should fix but no renderer relies on. Default false. */
  strict?: boolean;
  /** Which blocks are allowed at the top: 0 (default) = any block, else these names. */
  allowed?: readonly string[] | 0;
  /** Require the top block's placement: CONTENT_TYPE or NESTABLE. */
  placement?: Placement;
  /**
   * Check the top block's own fields but not the blocks nested in its
   * `bloks` and rich-text fields (they must still be arrays). For a story's
   * content at the data boundary: `<Blocks>` checks each nested block where it
   * renders, so one broken section costs that section, not the page.
   */
  shallow?: boolean;
  /**
   * Also report rich-text values the renderer does not render as written
   * (a heading level of 7, a `javascript:` link), as these checks see them.
   * `content validate` passes them; the data boundary logs what they find
   * for a story it still serves.
   */
  richText?: RichTextChecks;
  /**
   * The space's language codes (the generated LANGUAGE_CODES): a `field__i18n__<code>`
   * key is a translation to check only for these. Default none.
   */
  languages?: readonly string[];
}

/** The renderer's reading of rich-text values, given by the caller so this file stays import-free. */
export interface RichTextChecks {
  node(type: string, node: Readonly<Record<string, unknown>>): string[];
  mark(type: string, mark: Readonly<Record<string, unknown>>): string[];
}

type Obj = Record<string, unknown>;
/** A plain JSON object (not null, not an array). */
export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
/** Object.hasOwn without lib es2022, so the engine compiles under an adopter's lib es2020. */
const hasOwn = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);
/** `record[key]` when the record has the key itself: never a value inherited from Object.prototype (`__proto__`, `toString`). */
const own = <V>(record: Readonly<Record<string, V>>, key: string): V | undefined => (hasOwn(record, key) ? record[key] : undefined);
const BLOK_META_KEYS = new Set(["_uid", "component", "_editable"]);
/** `title__i18n__nl`: the Management API's key for a field's value in one language. */
const TRANSLATION = "__i18n__";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** Rich-text nodes and marks whose renderers read `attrs`, with the attribute they cannot do without. */
const NODE_ATTRS: Readonly<Record<string, string>> = { heading: "level", image: "src", emoji: "name", blok: "body" };
const MARK_ATTRS = new Set(["link", "anchor", "styled", "textStyle", "highlight"]);
const NODES = new Set([
  "doc", "text", "paragraph", "heading", "blockquote", "bullet_list", "ordered_list", "list_item", "code_block",
  "horizontal_rule", "hard_break", "image", "emoji", "blok", "table", "tableRow", "tableCell", "tableHeader",
]);
const MARKS = new Set([
  "bold", "strong", "strike", "underline", "italic", "code", "superscript", "subscript",
  "link", "anchor", "styled", "textStyle", "highlight",
]);

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? JSON.stringify(value) : typeof value;
}

/** Every problem with one block and everything inside it; an empty list means valid. */
export function validateBlok(rules: BlokRules, value: unknown, options: ValidateOptions = {}): BlokProblem[] {
  const walk = new Walk(rules, options.strict === true, options.shallow === true, options.richText, options.languages ?? []);
  walk.blok(value, options.path ?? "", options.allowed ?? 0, options.placement);
  return walk.problems;
}

class Walk {
  readonly problems: BlokProblem[] = [];
  /** Blocks and rich-text nodes open around the current value. */
  private nesting = 0;
  private readonly rules: BlokRules;
  private readonly strict: boolean;
  private readonly shallow: boolean;
  private readonly richText: RichTextChecks | undefined;
  private readonly languages: readonly string[];
  // Fields assigned one by one, not parameter properties: those are not erasable syntax (erasableSyntaxOnly).
  constructor(rules: BlokRules, strict: boolean, shallow: boolean, richText: RichTextChecks | undefined, languages: readonly string[]) {
    this.rules = rules;
    this.strict = strict;
    this.shallow = shallow;
    this.richText = richText;
    this.languages = languages;
  }

  /** Runs `walk` one level deeper, or reports the value as nested too deeply. */
  private deeper(path: string, walk: () => void): void {
    if (this.nesting >= MAX_NESTING) return this.add(path, `is nested more than ${MAX_NESTING} blocks and rich-text nodes deep`);
    this.nesting += 1;
    try {
      walk();
    } finally {
      this.nesting -= 1;
    }
  }

  private add(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  blok(value: unknown, path: string, allowed: Allowed, placement?: Placement): void {
    const at = path || "blok";
    if (!isObj(value)) return this.add(at, `must be a block object, got ${describe(value)}`);
    if (typeof value["_uid"] !== "string" || value["_uid"] === "") this.add(at, "_uid is missing");
    const name = value["component"];
    if (typeof name !== "string") return this.add(at, "component is missing");
    const here = `${path}(${name})`;
    const rule = own(this.rules, name);
    if (rule === undefined) return this.add(here, `unknown component ${JSON.stringify(name)}`);
    const [where, fields] = rule;
    if (placement !== undefined && (where & placement) === 0) {
      this.add(at, `"${name}" is not ${placement === CONTENT_TYPE ? "a content type (is_root is false)" : "nestable"}`);
    } else if (allowed === 0 ? placement === undefined && (where & NESTABLE) === 0 : !allowed.includes(name)) {
      this.add(here, `"${name}" is not allowed here (allowed: ${allowed === 0 ? "nestable blocks" : allowed.join(", ")})`);
    }
    for (const key of Object.keys(fields)) this.field(own(value, key), fields[key]!, `${here}.${key}`);
    const translatable = rule[2] ?? [];
    // Without strict only served translations are checked: a block with no translatable field has none.
    if (!this.strict && (translatable.length === 0 || this.languages.length === 0)) return;
    for (const key of Object.keys(value)) {
      if (BLOK_META_KEYS.has(key) || hasOwn(fields, key)) continue;
      const at = key.lastIndexOf(TRANSLATION);
      if (at > 0) this.translation(value[key], key.slice(0, at), key.slice(at + TRANSLATION.length), rule, name, `${here}.${key}`);
      else if (this.strict) this.add(`${here}.${key}`, `is not a field of "${name}"`);
    }
  }

  /** `base__i18n__code`: held to base's rule where the API serves it, else (strict) reported as never served. */
  private translation(value: unknown, base: string, code: string, rule: BlokRule, name: string, path: string): void {
    const [, fields, translatable = []] = rule;
    const field = own(fields, base);
    if (field === undefined) {
      if (this.strict) this.add(path, `is a translation (${code}) of "${base}", which is not a field of "${name}"`);
    } else if (!translatable.includes(base)) {
      if (this.strict)
        this.add(path, `is the ${code} translation of "${base}", which is not translatable in "${name}": Storyblok never serves it`);
    } else if (!this.languages.includes(code)) {
      if (this.strict) {
        const listed = this.languages.length === 0 ? "it lists none besides the default" : this.languages.join(", ");
        this.add(path, `is a translation of "${base}" into "${code}", which is not one of the space's languages (${listed})`);
      }
    } else if (value !== undefined && value !== null && value !== "") {
      // An empty translation is none: the default language's value is served in its place.
      const problem = this.value(value, field, path);
      if (problem) this.add(path, problem);
    }
  }

  private field(value: unknown, rule: FieldRule, path: string): void {
    if (value === undefined || (this.strict && isEmpty(value))) {
      if (rule[1] === 1) this.add(path, "is required");
      return;
    }
    const problem = this.value(value, rule, path);
    if (problem) this.add(path, problem);
  }

  /** One value of a field; returns a problem with the value as a whole, reports nested ones itself. */
  private value(value: unknown, rule: FieldRule, path: string): string | undefined {
    const strict = this.strict;
    switch (rule[0]) {
      case "text":
        if (typeof value !== "string") return `must be a string, got ${describe(value)}`;
        return strict && rule[2] !== undefined && value.length > rule[2] ? `is ${value.length} characters, more than max_length ${rule[2]}` : undefined;
      case "number":
        // Storyblok sends number fields as strings; "" means not set.
        if (typeof value !== "string") return `must be a number written as a string (Storyblok's format), got ${describe(value)}`;
        return strict && value !== "" && !Number.isFinite(Number(value)) ? `${describe(value)} is not a number` : undefined;
      case "datetime":
        if (typeof value !== "string") return `must be a string, got ${describe(value)}`;
        return strict && value !== "" && !DATETIME.test(value) ? `${describe(value)} is not in Storyblok's datetime format "YYYY-MM-DD HH:mm"` : undefined;
      case "boolean":
        return typeof value === "boolean" ? undefined : `must be true or false, got ${describe(value)}`;
      case "option":
        return option(value, rule[2]);
      case "story":
        return this.story(value, rule[2]);
      case "options":
      case "stories": {
        if (!Array.isArray(value)) return `must be an array, got ${describe(value)}`;
        value.forEach((item, i) => {
          const problem = rule[0] === "options" ? option(item, rule[2]) : this.story(item, rule[2]);
          if (problem) this.add(`${path}[${i}]`, problem);
        });
        return strict && rule[3] !== undefined && value.length > rule[3] ? `has ${value.length} entries, more than max_options ${rule[3]}` : undefined;
      }
      case "bloks": {
        if (!Array.isArray(value)) return `must be an array of blocks, got ${describe(value)}`;
        if (!this.shallow) value.forEach((item, i) => this.deeper(`${path}[${i}]`, () => this.blok(item, `${path}[${i}]`, rule[2])));
        const [, , , min, max] = rule;
        if (strict && max !== undefined && value.length > max) return `has ${value.length} blocks, more than maximum ${max}`;
        return strict && min !== undefined && value.length < min ? `has ${value.length} blocks, fewer than minimum ${min}` : undefined;
      }
      case "richtext":
        if (!isObj(value) || value["type"] !== "doc") return `must be a rich-text document ({"type":"doc"}), got ${describe(value)}`;
        this.node(value, path, rule[2], 0);
        return undefined;
      case "asset":
        return this.asset(value, path);
      case "multiasset":
        if (!Array.isArray(value)) return `must be an array of assets, got ${describe(value)}`;
        value.forEach((item, i) => {
          const problem = this.asset(item, `${path}[${i}]`);
          if (problem) this.add(`${path}[${i}]`, problem);
        });
        return undefined;
      case "multilink":
        return this.link(value, rule[2]);
      case "table":
        return isObj(value) && value["fieldtype"] === "table" && Array.isArray(value["thead"]) && Array.isArray(value["tbody"])
          ? undefined
          : `must be a table ({"fieldtype":"table", thead, tbody}), got ${describe(value)}`;
      case "custom":
        // A plugin's value has the plugin's own shape; the schema does not describe it.
        return undefined;
    }
  }

  private story(value: unknown, resolvable: 0 | 1): string | undefined {
    if (typeof value === "string") return this.strict && value !== "" && !UUID.test(value) ? `${describe(value)} is not a story uuid` : undefined;
    if (resolvable === 1 && isObj(value) && typeof value["uuid"] === "string" && isObj(value["content"])) return undefined;
    return `must be a story uuid${resolvable === 1 ? " or a resolved story" : ""}, got ${describe(value)}`;
  }

  private asset(value: unknown, path: string): string | undefined {
    if (!isObj(value) || value["fieldtype"] !== "asset" || typeof value["filename"] !== "string") {
      return `must be an asset ({"fieldtype":"asset", filename}), got ${describe(value)}`;
    }
    if (this.strict && value["filename"] && typeof value["alt"] !== "string") this.add(`${path}.alt`, "must be a string (describe the image)");
    return undefined;
  }

  private link(value: unknown, linkTypes: readonly string[]): string | undefined {
    if (!isObj(value) || value["fieldtype"] !== "multilink") return `must be a link ({"fieldtype":"multilink"}), got ${describe(value)}`;
    if (typeof value["linktype"] !== "string" || !linkTypes.includes(value["linktype"])) {
      return `linktype ${describe(value["linktype"])} is not allowed here (allowed: ${linkTypes.join(", ")})`;
    }
    const id = value["id"];
    return this.strict && value["linktype"] === "story" && typeof id === "string" && id !== "" && !UUID.test(id) ? `story link id ${describe(id)} is not a uuid` : undefined;
  }

  /**
   * Rich text: node shapes renderers rely on, embedded blocks against the
   * field's whitelist, and (with `richText` checks) values that would render otherwise.
   * `depth` counts from the document (0) as the renderer does.
   */
  private node(node: unknown, path: string, allowed: Allowed, depth: number): void {
    const checks = this.richText;
    // Node shapes: what an author should fix; the renderer copes with each (see the header).
    const shapes = this.strict || checks !== undefined;
    if (!isObj(node) || typeof node["type"] !== "string") return shapes ? this.add(path, "rich-text node without a type") : undefined;
    if (depth > RICH_TEXT_MAX_DEPTH) {
      if (checks) this.add(path, `is nested more than ${RICH_TEXT_MAX_DEPTH} levels deep in rich text; the site does not show it`);
      return;
    }
    const type = node["type"];
    const attrs = node["attrs"];
    if (this.strict && !NODES.has(type)) this.add(path, `unknown rich-text node "${type}"`);
    if (checks) for (const problem of checks.node(type, node)) this.add(path, problem);
    if (shapes && type === "text" && typeof node["text"] !== "string") this.add(path, "text node without text");
    const needed = own(NODE_ATTRS, type);
    if (shapes && needed !== undefined && (!isObj(attrs) || attrs[needed] === undefined)) this.add(path, `${type} node without attrs.${needed}`);
    if (type === "blok" && isObj(attrs)) {
      if (!Array.isArray(attrs["body"])) {
        if (shapes) this.add(path, "blok node: attrs.body must be an array");
      } else if (!this.shallow) attrs["body"].forEach((blok, i) => this.deeper(`${path}.body[${i}]`, () => this.blok(blok, `${path}.body[${i}]`, allowed)));
    }
    if (node["marks"] !== undefined) {
      if (!Array.isArray(node["marks"])) {
        if (shapes) this.add(path, "marks must be an array");
      } else if (shapes) node["marks"].forEach((mark, i) => this.mark(mark, `${path}.marks[${i}]`));
    }
    if (node["content"] === undefined) return;
    if (!Array.isArray(node["content"])) return shapes ? this.add(path, "content must be an array") : undefined;
    node["content"].forEach((child, i) => this.deeper(`${path}.content[${i}]`, () => this.node(child, `${path}.content[${i}]`, allowed, depth + 1)));
  }

  private mark(mark: unknown, path: string): void {
    if (!isObj(mark) || typeof mark["type"] !== "string") return this.add(path, "mark without a type");
    if (MARK_ATTRS.has(mark["type"]) && !isObj(mark["attrs"])) this.add(path, `${mark["type"]} mark without attrs`);
    else if (this.strict && !MARKS.has(mark["type"])) this.add(path, `unknown mark "${mark["type"]}"`);
    else if (this.richText) for (const problem of this.richText.mark(mark["type"], mark)) this.add(path, problem);
  }
}

function option(value: unknown, values: readonly string[] | 0): string | undefined {
  if (typeof value !== "string") return `must be a string, got ${describe(value)}`;
  if (values === 0 || values.includes(value)) return undefined;
  // "" (left empty) is listed in the rule when the type allows it; the message names the choices.
  return `${describe(value)} is not one of ${values.filter(Boolean).map(describe).join(", ")}`;
}

/** Whether a value counts as filled in, for a required field under `strict`. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isObj(value) && value["fieldtype"] === "asset") return !value["filename"];
  if (isObj(value) && value["fieldtype"] === "multilink") return !value["id"] && !value["url"] && !value["email"];
  return false;
}

/** A problem as one line: `path: message`. */
export function formatProblem(problem: BlokProblem): string {
  return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
}

/** What the site gets for a block: the block, typed, or one line per problem. */
export type BlokCheck<T> = { ok: true; blok: T } | { ok: false; problems: string[] };

/** A nestable block checked against its type contract (not `strict`: render what renders), with the space's language codes. */
export function checkBlok<T>(rules: BlokRules, blok: unknown, languages: readonly string[] = []): BlokCheck<T> {
  const problems = validateBlok(rules, blok, { placement: NESTABLE, languages });
  return problems.length === 0 ? { ok: true, blok: blok as T } : { ok: false, problems: problems.map(formatProblem) };
}
