import { describe, expect, it } from "vitest";
import { generate } from "storyblok-typed-codegen";
import type { RawComponent } from "./helpers";

/**
 * What each block may hold at any depth: the map the request types consult,
 * as relations.ts writes it (`type Resolvable = { block: "a" | "b"; … }`, a
 * union several blocks share written once as `type ResolvableSetN = …`).
 */
function within(components: RawComponent[], groups: unknown[] = []): Record<string, string[]> {
  const result = generate({ documents: [{ components, component_groups: groups }], schemaLabel: "schema.json" });
  const relations = result.files.find((file) => file.path === "relations.ts")?.contents ?? "";
  const sets = new Map([...relations.matchAll(/^type (ResolvableSet\d+) = (.+);$/gm)].map((m) => [m[1]!, m[2]!]));
  const body = /^type Resolvable = \{\n([^]*?)^\};$/m.exec(relations)?.[1] ?? "";
  const names = (union: string) => union.split(" | ").map((name) => JSON.parse(name) as string);
  return Object.fromEntries(
    [...body.matchAll(/^ {2}("(?:[^"\\]|\\.)*"|[\w$]+): (.+);$/gm)].map((m) => [
      m[1]!.startsWith('"') ? (JSON.parse(m[1]!) as string) : m[1]!,
      names(sets.get(m[2]!) ?? m[2]!),
    ]),
  );
}

const GROUP = "22222222-bbbb-4bbb-8bbb-222222222222";
const story = { type: "option", source: "internal_stories" };

describe("what a block holds at any depth", () => {
  it("follows whitelists by component, group and tag, through bloks and rich text", () => {
    expect(
      within(
        [
          {
            name: "page",
            is_root: true,
            schema: { body: { type: "bloks", restrict_components: true, restrict_type: "groups", component_group_whitelist: [GROUP] } },
          },
          {
            name: "section",
            is_nestable: true,
            component_group_uuid: GROUP,
            schema: { text: { type: "richtext", restrict_components: true, restrict_type: "tags", component_tag_whitelist: [5] } },
          },
          { name: "teaser", is_nestable: true, internal_tag_ids: ["5"], schema: { story } },
          { name: "quote", is_nestable: true, schema: { text: { type: "text" } } },
        ],
        [{ uuid: GROUP, name: "Sections" }],
      ),
    ).toEqual({ page: ["teaser.story"], section: ["teaser.story"], teaser: ["teaser.story"] });
  });

  it("lets an unrestricted field hold what every nestable block holds, links among it, and leaves out blocks that hold nothing", () => {
    expect(
      within([
        { name: "page", is_root: true, schema: { body: { type: "bloks" } } },
        { name: "teaser", is_nestable: true, schema: { story, link: { type: "multilink" } } },
        { name: "post", is_root: true, schema: { related: { ...story, type: "options" } } },
        { name: "quote", is_nestable: true, schema: { text: { type: "text" } } },
      ]),
    ).toEqual({ page: ["teaser.story", "multilink"], post: ["post.related"], teaser: ["teaser.story", "multilink"] });
  });

  it("settles blocks that hold each other", () => {
    expect(
      within([
        { name: "a", is_nestable: true, schema: { items: { type: "bloks", restrict_components: true, component_whitelist: ["b"] } } },
        {
          name: "b",
          is_nestable: true,
          schema: { items: { type: "bloks", restrict_components: true, component_whitelist: ["a"] }, story },
        },
      ]),
    ).toEqual({ a: ["b.story"], b: ["b.story"] });
  });
});
