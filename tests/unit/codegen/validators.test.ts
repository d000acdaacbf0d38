import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkBlok, isBlok, validateBlok as validateGenerated } from "../../../src/generated/validators";
import { parseRules, validateBlok, type BlokRules, type FieldRule } from "storyblok-typed-codegen/engine";
import { compile, fileOf, REPO, run, type RawField } from "./helpers";

/**
 * Runtime guards: the rule the generator writes for each field kind, and
 * what the engine makes of valid and invalid values under that rule, first
 * at the type contract (what the site checks), then `strict` (what
 * `portfolio content validate` adds for authors).
 */

/** A field's rule as written in the generated BLOK_RULES text, as `key: [rule]`. */
function ruleLine(validators: string, component: string, key: string): string | undefined {
  const start = validators.indexOf(`  ${JSON.stringify(component)}: [`);
  // A block's fields close with `  }]`, or `  }, [translatable fields]]`.
  const block = validators.slice(start, validators.indexOf("\n  }", start));
  return block
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line.startsWith(`${JSON.stringify(key)}: `))
    ?.replace(/,$/, "")
    .replace(`${JSON.stringify(key)}: `, `${key}: `);
}

const SECTIONS = "11111111-aaaa-4aaa-8aaa-111111111111";
const options = [
  { name: "Light", value: "light" },
  { name: "Dark", value: "dark" },
];

describe("the rule generated for each field kind", () => {
  const cases: [string, RawField, string | undefined, { relations?: string[]; datasources?: unknown }?][] = [
    ["text", { type: "text" }, 'value: ["text", 0]'],
    ["text, required, max_length", { type: "text", required: true, max_length: "60" }, 'value: ["text", 1, 60]'],
    ["textarea", { type: "textarea" }, 'value: ["text", 0]'],
    ["markdown", { type: "markdown" }, 'value: ["text", 0]'],
    ["number", { type: "number" }, 'value: ["number", 0]'],
    ["datetime", { type: "datetime" }, 'value: ["datetime", 0]'],
    ["boolean", { type: "boolean" }, 'value: ["boolean", 0]'],
    ['option (self), optional: the type allows ""', { type: "option", options }, 'value: ["option", 0, ["light", "dark", ""]]'],
    ["option (self), required", { type: "option", options, required: true }, 'value: ["option", 1, ["light", "dark"]]'],
    [
      "option (self), exclude_empty_option",
      { type: "option", options, exclude_empty_option: true },
      'value: ["option", 0, ["light", "dark"]]',
    ],
    ["options (self), max_options", { type: "options", options, max_options: 2 }, 'value: ["options", 0, ["light", "dark"], 2]'],
    [
      "option (datasource in the file)",
      { type: "option", source: "internal", datasource_slug: "colours" },
      'value: ["option", 0, ["red", ""]]',
      { datasources: [{ slug: "colours", entries: [{ value: "red" }] }] },
    ],
    [
      "option (datasource not in the file): any string",
      { type: "option", source: "internal", datasource_slug: "nope" },
      'value: ["option", 0, 0]',
    ],
    ["option (languages)", { type: "option", source: "internal_languages" }, 'value: ["option", 0, 0]'],
    ["option (stories), not resolved", { type: "option", source: "internal_stories" }, 'value: ["story", 0, 0]'],
    [
      "option (stories), resolved",
      { type: "option", source: "internal_stories" },
      'value: ["story", 0, 1]',
      { relations: ["probe.value"] },
    ],
    [
      "options (stories), resolved",
      { type: "options", source: "internal_stories", max_options: "3" },
      'value: ["stories", 0, 1, 3]',
      { relations: ["probe.value"] },
    ],
    ["bloks, unrestricted", { type: "bloks" }, 'value: ["bloks", 0, 0]'],
    [
      "bloks, whitelist with maximum",
      { type: "bloks", restrict_components: true, component_whitelist: ["link", "gone"], maximum: "2" },
      'value: ["bloks", 0, ["link"], 0, 2]',
    ],
    [
      "bloks, groups",
      { type: "bloks", restrict_components: true, restrict_type: "groups", component_group_whitelist: [SECTIONS], minimum: 1 },
      'value: ["bloks", 0, ["card", "link"], 1]',
    ],
    [
      "bloks, tags",
      { type: "bloks", restrict_components: true, restrict_type: "tags", component_tag_whitelist: [7] },
      'value: ["bloks", 0, ["link"]]',
    ],
    [
      "richtext with a whitelist",
      { type: "richtext", restrict_components: true, component_whitelist: ["card"] },
      'value: ["richtext", 0, ["card"]]',
    ],
    ["asset", { type: "asset" }, 'value: ["asset", 0]'],
    ["multiasset", { type: "multiasset" }, 'value: ["multiasset", 0]'],
    ["multilink", { type: "multilink" }, 'value: ["multilink", 0, ["story", "url"]]'],
    [
      "multilink with email and asset",
      { type: "multilink", email_link_type: true, asset_link_type: true },
      'value: ["multilink", 0, ["story", "url", "email", "asset"]]',
    ],
    ["table", { type: "table" }, 'value: ["table", 0]'],
    ["custom plugin", { type: "custom", field_type: "native-color-picker" }, 'value: ["custom", 0]'],
    ["tab holds no data", { type: "tab" }, undefined],
    ["section holds no data", { type: "section" }, undefined],
  ];
  it.each(cases)("%s", (_name, given, want, extra = {}) => {
    const result = run(
      [
        { name: "link", is_nestable: true, component_group_uuid: SECTIONS, internal_tag_ids: ["7"], schema: {} },
        { name: "card", is_nestable: true, component_group_uuid: SECTIONS, schema: {} },
        { name: "probe", is_nestable: true, schema: { value: given } },
      ],
      { relations: extra.relations, datasources: extra.datasources },
    );
    expect(ruleLine(fileOf(result, "validators.ts"), "probe", "value")).toBe(want);
  });

  it("places blocks: 1 content type, 2 nestable (and neither), 3 both", () => {
    const validators = fileOf(
      run([
        { name: "a", is_root: true, schema: {} },
        { name: "b", is_nestable: true, schema: {} },
        { name: "c", schema: {} },
        { name: "d", is_root: true, is_nestable: true, schema: {} },
      ]),
      "validators.ts",
    );
    expect(validators).toContain('  "a": [1, {}],\n  "b": [2, {}],\n  "c": [2, {}],\n  "d": [3, {}]\n}');
  });
});

describe("the rules as JSON text", () => {
  // Option values are free text in Storyblok; names reach the text too.
  const hostile = ["back`tick", "${injected}", "C:\\path\\", 'say "hi"', "line\nbreak", "\u2028", "emoji 🚀"];
  const schema = () =>
    run([
      {
        name: "__proto__",
        is_nestable: true,
        schema: {
          ["__proto__"]: { type: "text", required: true },
          mode: { type: "option", options: hostile.map((value) => ({ name: value, value })) },
        },
      },
      { name: "twin", is_nestable: true, schema: { mode: { type: "option", options: hostile.map((value) => ({ name: value, value })) } } },
    ]);

  it("loads every value back exactly, shares a list used twice, and keeps a block named __proto__ a block", async () => {
    const validators = fileOf(schema(), "validators.ts");
    expect(validators).toContain('"mode": ["option", 0, "#0"]');
    const dir = mkdtempSync(join(tmpdir(), "codegen-rules-"));
    try {
      mkdirSync(join(dir, "generated"));
      writeFileSync(join(dir, "generated/engine.ts"), fileOf(schema(), "engine.ts"));
      // Only the rules and the engine: the rest of validators.ts needs components.ts, which the compile test below covers.
      const rulesOnly = validators.slice(0, validators.indexOf("/** Every problem"));
      writeFileSync(join(dir, "generated/rules.ts"), rulesOnly.replace(/import type .*\n/, ""));
      const { BLOK_RULES } = (await import(join(dir, "generated/rules.ts"))) as { BLOK_RULES: BlokRules };
      expect(Object.keys(BLOK_RULES).sort()).toEqual(["__proto__", "twin"]);
      expect(Object.getPrototypeOf(BLOK_RULES)).toBe(Object.prototype);
      expect(BLOK_RULES.twin).toEqual([2, { mode: ["option", 0, [...hostile, ""]] }]);
      expect(Object.keys(BLOK_RULES.__proto__![1])).toEqual(["__proto__", "mode"]);
      const blok = JSON.parse('{"_uid": "u1", "component": "__proto__", "mode": "back`tick"}') as unknown;
      expect(validateBlok(BLOK_RULES, blok)).toEqual([{ path: "(__proto__).__proto__", message: "is required" }]);
      expect(
        validateBlok(BLOK_RULES, { ...JSON.parse('{"__proto__": "set"}'), _uid: "u1", component: "__proto__", mode: "${injected}" }),
      ).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("type-checks", () => {
    const files: Record<string, string> = {};
    for (const file of schema().files) files[`generated/${file.path}`] = file.contents;
    expect(compile(files)).toEqual([]);
  });

  it("names a shared list it does not hold: a clear error, not a half-built table", () => {
    expect(() => parseRules('{"a": [2, {"x": ["option", 0, "#1"]}]}', '[["p", "q"]]')).toThrow(
      "validators.ts names a shared list it does not hold: #1; run `npm run codegen`",
    );
    expect(parseRules('{"a": [2, {"x": ["option", 0, "#0"]}]}', '[["p", "q"]]')).toEqual({ a: [2, { x: ["option", 0, ["p", "q"]] }] });
  });
});

describe("the engine, per field kind", () => {
  const uuid = "0b3f5f3c-6a3e-4d1e-9c1a-2f4b5c6d7e8f";
  const asset = { fieldtype: "asset", id: 1, filename: "/a.png", alt: "A" };
  const link = (linktype: string, extra = {}) => ({
    fieldtype: "multilink",
    linktype,
    id: "",
    url: "https://x.dev",
    cached_url: "",
    ...extra,
  });
  const doc = (...content: unknown[]) => ({ type: "doc", content });
  const blok = (component: string, fields = {}) => ({ _uid: `u-${component}`, component, ...fields });
  type Case = [name: string, rule: FieldRule, value: unknown, problems: string[], strictProblems?: string[]];
  const cases: Case[] = [
    ["text: a string", ["text", 0], "hi", []],
    ["text: a number", ["text", 0], 3, ["must be a string, got number"]],
    ["text: too long (strict)", ["text", 0, 2], "long", [], ["is 4 characters, more than max_length 2"]],
    ["text: required and absent", ["text", 1], undefined, ["is required"]],
    ["text: required and empty (strict)", ["text", 1], "", [], ["is required"]],
    ["text: optional and null", ["text", 0], null, ["must be a string, got null"], []],
    ["number: a numeric string", ["number", 0], "3", []],
    ["number: a JSON number", ["number", 0], 3, ["must be a number written as a string (Storyblok's format), got number"]],
    ["number: not numeric (strict)", ["number", 0], "three", [], ['"three" is not a number']],
    ["datetime: Storyblok's format", ["datetime", 0], "2024-03-01 09:30", []],
    [
      "datetime: ISO date (strict)",
      ["datetime", 0],
      "2024-03-01",
      [],
      ['"2024-03-01" is not in Storyblok\'s datetime format "YYYY-MM-DD HH:mm"'],
    ],
    ["boolean: true", ["boolean", 0], true, []],
    ["boolean: a string", ["boolean", 0], "true", ['must be true or false, got "true"']],
    ["option: a listed value", ["option", 0, ["light", "dark", ""]], "dark", []],
    ["option: empty when the type allows it", ["option", 0, ["light", "dark", ""]], "", []],
    ["option: an unlisted value", ["option", 0, ["light", "dark", ""]], "purple", ['"purple" is not one of "light", "dark"']],
    ["option: any string when the schema lists none", ["option", 0, 0], "anything", []],
    ["options: one bad entry", ["options", 0, ["a", "b"]], ["a", "c"], ['[1]: "c" is not one of "a", "b"']],
    ["options: over max_options (strict)", ["options", 0, ["a", "b"], 1], ["a", "b"], [], ["has 2 entries, more than max_options 1"]],
    ["story: a uuid", ["story", 0, 0], uuid, []],
    ["story: not a uuid (strict)", ["story", 0, 0], "home", [], ['"home" is not a story uuid']],
    ["story: a resolved story where resolvable", ["story", 0, 1], { uuid, content: blok("page") }, []],
    ["story: a resolved story where not resolvable", ["story", 0, 0], { uuid, content: {} }, ["must be a story uuid, got object"]],
    ["stories: one bad entry", ["stories", 0, 1], [uuid, 7], ["[1]: must be a story uuid or a resolved story, got number"]],
    ["bloks: allowed blocks", ["bloks", 0, ["link"]], [blok("link", { label: "x" })], []],
    [
      "bloks: a block outside the whitelist",
      ["bloks", 0, ["link"]],
      [blok("card")],
      ['[0](card): "card" is not allowed here (allowed: link)'],
    ],
    [
      "bloks: a content type where any nestable block may go",
      ["bloks", 0, 0],
      [blok("page")],
      ['[0](page): "page" is not allowed here (allowed: nestable blocks)'],
    ],
    ["bloks: an unknown block", ["bloks", 0, 0], [blok("wat")], ['[0](wat): unknown component "wat"']],
    ["bloks: a nested block's own problem", ["bloks", 0, 0], [blok("link")], ["[0](link).label: is required"]],
    ["bloks: not an array", ["bloks", 0, 0], {}, ["must be an array of blocks, got object"]],
    ["bloks: over maximum (strict)", ["bloks", 0, 0, 0, 1], [blok("card"), blok("card")], [], ["has 2 blocks, more than maximum 1"]],
    ["bloks: under minimum (strict)", ["bloks", 0, 0, 2], [blok("card")], [], ["has 1 blocks, fewer than minimum 2"]],
    [
      "richtext: a document",
      ["richtext", 0, 0],
      doc({ type: "paragraph", content: [{ type: "text", text: "hi", marks: [{ type: "bold" }] }] }),
      [],
    ],
    ["richtext: not a document", ["richtext", 0, 0], "hi", ['must be a rich-text document ({"type":"doc"}), got "hi"']],
    [
      "richtext: a heading without level (strict: the renderer copes)",
      ["richtext", 0, 0],
      doc({ type: "heading", content: [] }),
      [],
      [".content[0]: heading node without attrs.level"],
    ],
    [
      "richtext: a node typed like an Object.prototype key is only unknown",
      ["richtext", 0, 0],
      doc({ type: "constructor" }, { type: "toString", attrs: {} }),
      [],
      ['.content[0]: unknown rich-text node "constructor"', '.content[1]: unknown rich-text node "toString"'],
    ],
    [
      "richtext: a link mark without attrs (strict: the renderer copes)",
      ["richtext", 0, 0],
      doc({ type: "text", text: "x", marks: [{ type: "link" }] }),
      [],
      [".content[0].marks[0]: link mark without attrs"],
    ],
    [
      "richtext: an embedded block outside the whitelist",
      ["richtext", 0, ["link"]],
      doc({ type: "blok", attrs: { body: [blok("card")] } }),
      ['.content[0].body[0](card): "card" is not allowed here (allowed: link)'],
    ],
    [
      "richtext: an unknown node (strict)",
      ["richtext", 0, 0],
      doc({ type: "hologram" }),
      [],
      ['.content[0]: unknown rich-text node "hologram"'],
    ],
    ["asset: an asset", ["asset", 0], asset, []],
    ["asset: a URL string", ["asset", 0], "/a.png", ['must be an asset ({"fieldtype":"asset", filename}), got "/a.png"']],
    ["asset: without alt (strict)", ["asset", 0], { ...asset, alt: null }, [], [".alt: must be a string (describe the image)"]],
    ["asset: required and empty (strict)", ["asset", 1], { ...asset, filename: "" }, [], ["is required"]],
    ["multiasset: one bad entry", ["multiasset", 0], [asset, {}], ['[1]: must be an asset ({"fieldtype":"asset", filename}), got object']],
    ["multilink: a URL link", ["multilink", 0, ["story", "url"]], link("url"), []],
    [
      "multilink: an email link where not allowed",
      ["multilink", 0, ["story", "url"]],
      link("email"),
      ['linktype "email" is not allowed here (allowed: story, url)'],
    ],
    [
      "multilink: a story link with a slug for id (strict)",
      ["multilink", 0, ["story", "url"]],
      link("story", { id: "home" }),
      [],
      ['story link id "home" is not a uuid'],
    ],
    ["table: a table", ["table", 0], { fieldtype: "table", thead: [], tbody: [] }, []],
    ["table: rows only", ["table", 0], { tbody: [] }, ['must be a table ({"fieldtype":"table", thead, tbody}), got object']],
    ["custom: whatever the plugin stores", ["custom", 0], { plugin: "x", anything: 1 }, []],
  ];
  const rulesFor = (rule: FieldRule): BlokRules => ({
    probe: [2, { value: rule }],
    link: [2, { label: ["text", 1] }],
    card: [2, {}],
    page: [1, {}],
  });
  // A problem starting with `[` or `.` hangs below the field (`[1]: …`, `.content[0]: …`); others are the field's own.
  it.each(cases)("%s", (_name, rule, value, problems, strictProblems) => {
    const at = (problem: string) => (/^[[.]/.test(problem) ? `(probe).value${problem}` : `(probe).value: ${problem}`);
    const format = (p: { path: string; message: string }) => `${p.path}: ${p.message}`;
    const probe = { _uid: "p", component: "probe", value };
    expect(validateBlok(rulesFor(rule), probe).map(format)).toEqual(problems.map(at));
    expect(validateBlok(rulesFor(rule), probe, { strict: true }).map(format)).toEqual((strictProblems ?? problems).map(at));
  });
});

describe("blocks as a whole", () => {
  const rules: BlokRules = { page: [1, { title: ["text", 0] }], hero: [2, { title: ["text", 1] }] };

  it("names a missing _uid and component", () => {
    expect(validateBlok(rules, { component: "hero", title: "x" })).toEqual([{ path: "blok", message: "_uid is missing" }]);
    expect(validateBlok(rules, { _uid: "a" })).toEqual([{ path: "blok", message: "component is missing" }]);
    expect(validateBlok(rules, "hero")).toEqual([{ path: "blok", message: 'must be a block object, got "hero"' }]);
  });

  it("reports fields the schema does not have only under strict", () => {
    const hero = { _uid: "a", component: "hero", title: "x", titel: "y" };
    expect(validateBlok(rules, hero)).toEqual([]);
    expect(validateBlok(rules, hero, { strict: true })).toEqual([{ path: "(hero).titel", message: 'is not a field of "hero"' }]);
  });
});

describe("the generated guards for this site", () => {
  const hero = { _uid: "h1", component: "hero_section", headline: "Hello" };

  it("checkBlok returns the block, or one line per problem naming path, field and problem", () => {
    expect(checkBlok(hero)).toEqual({ ok: true, blok: hero });
    const list = { _uid: "l1", component: "timeline_slide_list", slides: [{ _uid: "s1", component: "timeline_slide", start_date: 2024 }] };
    expect(checkBlok(list)).toEqual({
      ok: false,
      problems: [
        "(timeline_slide_list).slides[0](timeline_slide).start_date: must be a string, got number",
        "(timeline_slide_list).slides[0](timeline_slide).title: is required",
      ],
    });
    expect(checkBlok({ _uid: "p", component: "page" })).toEqual({ ok: false, problems: ['blok: "page" is not nestable'] });
  });

  it("checkBlok accepts relations as the client resolves them", () => {
    const story = {
      id: 1,
      uuid: "0b3f5f3c-6a3e-4d1e-9c1a-2f4b5c6d7e8f",
      name: "A",
      slug: "a",
      full_slug: "projects/a",
      content: { _uid: "x", component: "project" },
    };
    expect(checkBlok({ _uid: "c", component: "single_card", project: story }).ok).toBe(true);
    expect(checkBlok({ _uid: "c", component: "single_card", project: story.uuid }).ok).toBe(true);
  });

  it("isBlok narrows to the named block", () => {
    const value: unknown = hero;
    expect(isBlok(value, "hero_section")).toBe(true);
    expect(isBlok(value, "link")).toBe(false);
    if (isBlok(value, "hero_section")) expect(value.headline).toBe("Hello");
  });

  it("every block of every story in content/ passes, strictly and as the site checks it", () => {
    const files = storyFiles(join(REPO, "content/stories"));
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const file of files) {
      const story = JSON.parse(readFileSync(file, "utf8")) as { content: unknown };
      expect(validateGenerated(story.content, { path: "content", strict: true, placement: 1 }), file).toEqual([]);
      for (const nested of nestedBloks(story.content)) expect(checkBlok(nested), file).toMatchObject({ ok: true });
    }
  });
});

function storyFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? storyFiles(path) : name.endsWith(".json") ? [path] : [];
  });
}

/** Every block below a story's content, as <Blocks> would be handed them. */
function nestedBloks(content: unknown): unknown[] {
  const found: unknown[] = [];
  const visit = (value: unknown, top: boolean): void => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, false));
    if (typeof value !== "object" || value === null) return;
    // Table rows and cells carry `component` and `_uid` too, but are not blocks.
    if (!top && "_uid" in value && "component" in value && !String(value.component).startsWith("_table")) found.push(value);
    Object.values(value).forEach((child) => visit(child, false));
  };
  visit(content, true);
  return found;
}

describe("translations (`field__i18n__<code>`, as the Management API stores them)", () => {
  const rules: BlokRules = {
    hero: [2, { title: ["text", 1, 20], intro: ["richtext", 0, ["link"]], theme: ["option", 0, ["light", "dark"]] }, ["intro", "title"]],
    link: [2, { label: ["text", 1] }],
  };
  const hero = (extra: Record<string, unknown>) => ({ _uid: "h", component: "hero", title: "Hello", ...extra });
  const doc = (...content: unknown[]) => ({ type: "doc", content });
  const problems = (value: unknown, options: Parameters<typeof validateBlok>[2]) =>
    validateBlok(rules, value, { languages: ["nl", "pt-br"], ...options }).map((p) => `${p.path}: ${p.message}`);

  it("accepts a translation of a translatable field in a language of the space, at both levels", () => {
    const translated = hero({ title__i18n__nl: "Hallo", "title__i18n__pt-br": "Olá", intro__i18n__nl: doc({ type: "paragraph" }) });
    expect(problems(translated, {})).toEqual([]);
    expect(problems(translated, { strict: true })).toEqual([]);
  });

  it("holds a translation to its field's rule at both levels: a translated rich text is a whole document", () => {
    const translated = hero({ title__i18n__nl: 5, intro__i18n__nl: "Hallo" });
    const want = [
      "(hero).title__i18n__nl: must be a string, got number",
      '(hero).intro__i18n__nl: must be a rich-text document ({"type":"doc"}), got "Hallo"',
    ];
    expect(problems(translated, {})).toEqual(want);
    expect(problems(translated, { strict: true })).toEqual(want);
  });

  it("checks blocks embedded in a translated rich text against the field's whitelist, and strict limits", () => {
    const embedded = doc({ type: "blok", attrs: { body: [{ _uid: "q", component: "hero", title: "x" }] } });
    const translated = hero({ intro__i18n__nl: embedded, title__i18n__nl: "Een titel die te lang is" });
    expect(problems(translated, {})).toEqual([
      '(hero).intro__i18n__nl.content[0].body[0](hero): "hero" is not allowed here (allowed: link)',
    ]);
    expect(problems(translated, { strict: true })).toEqual([
      '(hero).intro__i18n__nl.content[0].body[0](hero): "hero" is not allowed here (allowed: link)',
      "(hero).title__i18n__nl: is 24 characters, more than max_length 20",
    ]);
  });

  it('takes an empty translation ("" or null) for none: the default language stands in', () => {
    expect(problems(hero({ title__i18n__nl: "", intro__i18n__nl: null }), { strict: true })).toEqual([]);
  });

  it("reports, under strict only, translations Storyblok never serves, naming the field and the language", () => {
    const stray = hero({ theme__i18n__nl: "dark", subtitle__i18n__nl: "Welkom", title__i18n__de: "Hallo", label__i18n__: "x" });
    expect(problems(stray, {})).toEqual([]);
    expect(problems(stray, { strict: true })).toEqual([
      '(hero).theme__i18n__nl: is the nl translation of "theme", which is not translatable in "hero": Storyblok never serves it',
      '(hero).subtitle__i18n__nl: is a translation (nl) of "subtitle", which is not a field of "hero"',
      `(hero).title__i18n__de: is a translation of "title" into "de", which is not one of the space's languages (nl, pt-br)`,
      '(hero).label__i18n__: is a translation () of "label", which is not a field of "hero"',
    ]);
  });

  it("without languages, no key is a translation: each is reported under strict", () => {
    expect(validateBlok(rules, hero({ title__i18n__nl: 5 })).map((p) => p.message)).toEqual([]);
    expect(validateBlok(rules, hero({ title__i18n__nl: "Hallo" }), { strict: true }).map((p) => p.message)).toEqual([
      `is a translation of "title" into "nl", which is not one of the space's languages (it lists none besides the default)`,
    ]);
  });

  it("the site's generated guards know the space's languages (schema/languages.json)", () => {
    const hero = { _uid: "h1", component: "hero_section", headline: "Hello", headline__i18n__nl: ["Hallo"] };
    expect(checkBlok(hero)).toEqual({ ok: false, problems: ["(hero_section).headline__i18n__nl: must be a string, got an array"] });
    expect(validateGenerated({ ...hero, headline__i18n__nl: "Hallo" }, { strict: true })).toEqual([]);
    expect(isBlok({ ...hero, headline__i18n__nl: "Hallo" }, "hero_section")).toBe(true);
  });
});
