import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BadInput } from "storyblok-typed-codegen";
import { readLocalSchema } from "../../../tools/schema-push/read-local-schema";

/**
 * schema/ as `schema push` reads it, from folders written here: what it
 * returns, and for each way a folder can be wrong the exact message the owner
 * reads (the CLI prints it and exits 2 before anything is sent).
 */

const root = mkdtempSync(join(tmpdir(), "schema-push-read-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;

/** A schema folder holding `files` (name → JSON value). */
function folder(files: Record<string, unknown>): string {
  const dir = join(root, `schema-${++folders}`);
  mkdirSync(dir);
  for (const [name, value] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(value));
  return dir;
}

const QUOTE = { name: "quote", is_nestable: true, schema: { text: { type: "textarea" } } };

function readError(files: Record<string, unknown>): { dir: string; error: unknown } {
  const dir = folder(files);
  try {
    readLocalSchema(dir);
  } catch (error) {
    return { dir, error };
  }
  throw new Error("readLocalSchema accepted the folder");
}

/** The message of the BadInput reading `files` throws, with the folder's path as `DIR`. */
function problem(files: Record<string, unknown>): string {
  const { dir, error } = readError(files);
  expect(error).toBeInstanceOf(BadInput);
  return (error as Error).message.split(dir).join("DIR");
}

describe("a readable folder", () => {
  it("gives its components as written, its groups by name with their parents, its datasources and languages", () => {
    const page = { name: "page", is_root: true, component_group_uuid: "g-pages" };
    const dir = folder({
      "components.json": {
        components: [QUOTE, page],
        component_groups: [
          { uuid: "g-pages", name: "Pages", parent_uuid: null },
          { uuid: "g-blog", name: "Blog", parent_uuid: "g-pages" },
        ],
      },
      "datasources.json": {
        datasources: [
          { slug: "themes", name: "Themes", entries: [{ name: "Dark", value: "dark" }] },
          { slug: "sizes", name: "" },
          { slug: "tones" },
        ],
      },
      "languages.json": { default_lang_name: "English", languages: [{ code: "nl", name: "Nederlands" }] },
    });
    expect(readLocalSchema(dir)).toEqual({
      components: [QUOTE, page],
      groups: [
        { uuid: "g-pages", name: "Pages" },
        { uuid: "g-blog", name: "Blog", parentUuid: "g-pages" },
      ],
      datasources: [
        { slug: "themes", name: "Themes", entries: [{ name: "Dark", value: "dark" }] },
        // A datasource without a name (or an empty one) is named by its slug, as the space names it.
        { slug: "sizes", name: "sizes", entries: [] },
        { slug: "tones", name: "tones", entries: [] },
      ],
      languages: { defaultName: "English", languages: [{ code: "nl", name: "Nederlands" }] },
    });
  });

  it("a group at the top has no parentUuid at all; without side files there are no datasources nor languages", () => {
    const schema = readLocalSchema(
      folder({ "components.json": { components: [QUOTE], component_groups: [{ uuid: "g-1", name: "Sections" }] } }),
    );
    expect(schema.groups).toEqual([{ uuid: "g-1", name: "Sections" }]);
    expect(Object.keys(schema.groups[0]!)).toEqual(["uuid", "name"]);
    expect(schema.datasources).toBeUndefined();
    expect(schema).not.toHaveProperty("languages");
  });

  it("the datasources file may be the bare list", () => {
    const dir = folder({ "components.json": [QUOTE], "datasources.json": [{ slug: "themes", name: "Themes", entries: [] }] });
    expect(readLocalSchema(dir).datasources).toEqual([{ slug: "themes", name: "Themes", entries: [] }]);
  });
});

describe("a broken folder is bad input naming the file and what is wrong", () => {
  it("documents that are not a schema: every error, not the first only", () => {
    expect(problem({ "a.json": 7, "b.json": { title: "not a schema" } })).toBe(
      "DIR: error[document-not-object]: schema document #1 is not a JSON object or array; " +
        "error[document-not-schema]: schema document #2 holds neither components nor component groups",
    );
  });

  it.each([
    ["a component without a name", [QUOTE, { schema: {} }], "DIR: component #2 has no name"],
    ["a component with an empty name", [QUOTE, { name: "", schema: {} }], "DIR: component #2 has no name"],
    [
      "a component named twice",
      [QUOTE, { ...QUOTE, display_name: "Quote" }],
      'DIR: component "quote" is defined twice; the space can hold only one',
    ],
    ["fields that are not an object", [{ name: "quote", schema: ["text"] }], 'DIR: component "quote": schema is not an object of fields'],
  ])("%s", (_case, components, message) => {
    expect(problem({ "components.json": { components } })).toBe(message);
  });

  it("a component without fields is not broken", () => {
    expect(readLocalSchema(folder({ "components.json": [{ name: "spacer", is_nestable: true }] })).components).toEqual([
      { name: "spacer", is_nestable: true },
    ]);
  });

  it.each([
    ["a group without a name", [{ uuid: "g-1", name: null }], "DIR: component group g-1 has no name, and groups are matched by name"],
    [
      "two groups of one name",
      [
        { uuid: "g-1", name: "Sections" },
        { uuid: "g-2", name: "Sections" },
      ],
      'DIR: two component groups are named "Sections"; groups are matched by name',
    ],
  ])("%s", (_case, component_groups, message) => {
    expect(problem({ "components.json": { components: [QUOTE], component_groups } })).toBe(message);
  });

  it.each([
    ["not a list", { themes: [] }, 'DIR/datasources.json: expected {"datasources": [...]}'],
    ["a datasource without a slug", [{ slug: "themes" }, { name: "Sizes" }], "DIR/datasources.json: datasource #2 has no slug"],
    ["a datasource with an empty slug", [{ slug: "themes" }, { slug: "" }], "DIR/datasources.json: datasource #2 has no slug"],
    ["a datasource listed twice", [{ slug: "themes" }, { slug: "themes" }], 'DIR/datasources.json: datasource "themes" is listed twice'],
    ["entries that are not a list", [{ slug: "themes", entries: {} }], 'DIR/datasources.json: datasource "themes": entries is not a list'],
    [
      "an entry without a string value",
      [
        {
          slug: "themes",
          entries: [
            { name: "Dark", value: "dark" },
            { name: "Light", value: 1 },
          ],
        },
      ],
      'DIR/datasources.json: datasource "themes" entry #2 needs a string name and value',
    ],
    [
      "an entry without a name",
      [{ slug: "themes", entries: [{ value: "dark" }] }],
      'DIR/datasources.json: datasource "themes" entry #1 needs a string name and value',
    ],
    [
      "two entries of one value",
      [
        {
          slug: "themes",
          entries: [
            { name: "Dark", value: "dark" },
            { name: "Night", value: "dark" },
          ],
        },
      ],
      'DIR/datasources.json: datasource "themes" has two entries with the value "dark"',
    ],
  ])("datasources.json: %s", (_case, datasources, message) => {
    expect(problem({ "components.json": [QUOTE], "datasources.json": datasources })).toBe(message);
  });

  it("languages.json: checked as the generator checks it", () => {
    expect(problem({ "components.json": [QUOTE], "languages.json": [{ code: "nl", name: "Nederlands" }] })).toMatch(
      /^DIR\/languages\.json: a bare list of languages; expected /,
    );
  });
});
