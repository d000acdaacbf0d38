/**
 * Which fields of which components hold story uuids, from a components
 * document and relations.json: the fields a push rewrites to the space's
 * uuids. A field missed here is a reference left pointing at another space.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readStoryReferenceFields, storyReferenceFields, type StoryReferenceFields } from "../../../tools/space-push/reference-fields";

const asObject = (fields: StoryReferenceFields) => Object.fromEntries([...fields].map(([component, names]) => [component, [...names]]));

describe("story reference fields from a components document", () => {
  it("are option and options fields whose source is internal_stories, and no other type with that source", () => {
    const found = storyReferenceFields(
      {
        components: [
          {
            name: "teaser",
            schema: {
              one: { type: "option", source: "internal_stories" },
              many: { type: "options", source: "internal_stories" },
              text: { type: "text", source: "internal_stories" },
              colour: { type: "options", source: "internal_languages" },
              plain: { type: "options" },
            },
          },
        ],
      },
      [],
    );
    expect(asObject(found)).toEqual({ teaser: ["one", "many"] });
  });

  it("read a bare array of components as well", () => {
    expect(
      asObject(storyReferenceFields([{ name: "teaser", schema: { one: { type: "option", source: "internal_stories" } } }], [])),
    ).toEqual({
      teaser: ["one"],
    });
  });

  it("are none for a document that has no components, and skip what is not a component or a field definition", () => {
    expect(asObject(storyReferenceFields(null, []))).toEqual({});
    expect(asObject(storyReferenceFields(undefined, []))).toEqual({});
    expect(asObject(storyReferenceFields({ components: "none" }, []))).toEqual({});
    const found = storyReferenceFields(
      {
        components: [
          null,
          { name: "no_schema" },
          { name: "null_schema", schema: null },
          { schema: { one: { type: "option", source: "internal_stories" } } },
          { name: "teaser", schema: { broken: null, one: { type: "option", source: "internal_stories" } } },
        ],
      },
      [],
    );
    expect(asObject(found)).toEqual({ teaser: ["one"] });
  });

  it("add relations.json's component.field entries, also for components and fields the schema does not name", () => {
    const found = storyReferenceFields(
      { components: [{ name: "teaser", schema: { one: { type: "option", source: "internal_stories" } } }] },
      ["teaser.also", "gallery.items", "teaser.one", "no_field", "", ".x", "x."],
    );
    expect(asObject(found)).toEqual({ teaser: ["one", "also"], gallery: ["items"] });
  });
});

describe("reading story reference fields from schema/", () => {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });
  /** A schema folder holding components.json and, given one, relations.json's text. */
  const schemaFolder = async (relations?: string): Promise<string> => {
    const folder = await mkdtemp(join(tmpdir(), "space-push-fields-"));
    folders.push(folder);
    await writeFile(
      join(folder, "components.json"),
      JSON.stringify({ components: [{ name: "teaser", schema: { one: { type: "option", source: "internal_stories" } } }] }),
    );
    if (relations !== undefined) await writeFile(join(folder, "relations.json"), relations);
    return join(folder, "components.json");
  };

  it("add relations.json's string entries beside components.json", async () => {
    const found = await readStoryReferenceFields(
      await schemaFolder(JSON.stringify({ resolve_relations: ["card.story", 5, null, "list.items"] })),
    );
    expect(asObject(found)).toEqual({ teaser: ["one"], card: ["story"], list: ["items"] });
  });

  it("take relations.json without a resolve_relations list as no relations", async () => {
    expect(asObject(await readStoryReferenceFields(await schemaFolder(JSON.stringify({ resolve_relations: "card.story" }))))).toEqual({
      teaser: ["one"],
    });
  });

  it("take a missing relations.json as no relations", async () => {
    expect(asObject(await readStoryReferenceFields(await schemaFolder()))).toEqual({ teaser: ["one"] });
  });

  it("stop on a relations.json that cannot be read or parsed", async () => {
    await expect(readStoryReferenceFields(await schemaFolder("{ not json"))).rejects.toThrow(SyntaxError);
    const components = await schemaFolder();
    await mkdir(join(components, "..", "relations.json"));
    await expect(readStoryReferenceFields(components)).rejects.toMatchObject({ code: "EISDIR" });
  });
});
