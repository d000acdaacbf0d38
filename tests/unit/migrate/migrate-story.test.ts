/** The per-story transform on its own: which blocks it reaches, in which order, and how it reports. */
import { describe, expect, it } from "vitest";
import { MigrationFailure, migrateStory, type LoadedMigration } from "../../../tools/migrations/run/migrate-story";

type Blok = Record<string, unknown>;
const migration = (blocks: Record<string, (block: Blok) => unknown>, id = "20260101000000-test"): LoadedMigration => ({
  id,
  blocks: blocks as LoadedMigration["blocks"],
});
const link = (uid: string, label: string): Blok => ({ _uid: uid, component: "link", label });
const richText = (...bloks: Blok[]) => ({
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: "x" }] },
    { type: "blok", attrs: { id: "n", body: bloks } },
  ],
});

const story = {
  full_slug: "home",
  content: {
    _uid: "root",
    component: "page",
    body: [
      {
        _uid: "hero",
        component: "hero_section",
        intro: richText(link("l1", "in rich text")),
        actions: [link("l2", "nested"), link("l3", "nested too")],
      },
      {
        _uid: "list",
        component: "links_container",
        links: [{ _uid: "deep", component: "links_container", links: [link("l4", "two levels down")] }],
      },
    ],
  },
};

describe("migrateStory", () => {
  it("reaches every block: nested bloks at any depth and blocks inside rich text", () => {
    const { story: migrated, changes } = migrateStory(story, [
      migration({ link: (block) => ({ ...block, label: String(block.label).toUpperCase() }) }),
    ]);
    expect(changes[0]!.blocks.map((change) => change.path)).toEqual([
      "content(page).body[0](hero_section).intro.content[1].body[0](link)",
      "content(page).body[0](hero_section).actions[0](link)",
      "content(page).body[0](hero_section).actions[1](link)",
      "content(page).body[1](links_container).links[0](links_container).links[0](link)",
    ]);
    expect(changes[0]!.blocks.every((change) => change.fields.join() === "link.label")).toBe(true);
    expect(JSON.stringify(migrated)).toContain('"label":"TWO LEVELS DOWN"');
    expect(JSON.stringify(story)).toContain('"label":"two levels down"');
  });

  it("migrates the blocks inside a block before the block itself", () => {
    const seen: string[] = [];
    const { story: migrated } = migrateStory(story, [
      migration({
        link: (block) => ({ ...block, label: `new ${String(block.label)}` }),
        hero_section: (block) => {
          seen.push(...(block.actions as Blok[]).map((action) => String(action.label)));
          return block;
        },
      }),
    ]);
    expect(seen).toEqual(["new nested", "new nested too"]);
    expect(migrated.content.body[0]).toMatchObject({ actions: [{ label: "new nested" }, { label: "new nested too" }] });
  });

  it("puts several returned blocks in the place of one, and none drops it", () => {
    const split = migration({
      link: (block) => (block._uid === "l2" ? [] : [block, { _uid: `${String(block._uid)}-b`, component: "link", label: "added" }]),
    });
    const { story: migrated, changes } = migrateStory(story, [split]);
    const hero = migrated.content.body[0] as { actions: Blok[]; intro: ReturnType<typeof richText> };
    expect(hero.actions.map((action) => action._uid)).toEqual(["l3", "l3-b"]);
    expect((hero.intro.content[1] as { attrs: { body: Blok[] } }).attrs.body.map((blok) => blok._uid)).toEqual(["l1", "l1-b"]);
    expect(changes[0]!.blocks.find((change) => change.path.endsWith("actions[0](link)"))).toEqual({
      path: "content(page).body[0](hero_section).actions[0](link)",
      component: "link",
      fields: [],
      into: [],
    });
  });

  it("applies migrations in order, each to the result of the one before", () => {
    const { story: migrated, changes } = migrateStory(story, [
      migration({ page: (block) => ({ ...block, title: "one" }) }, "1"),
      migration({ page: (block) => ({ ...block, title: `${String(block.title)} two` }) }, "2"),
    ]);
    expect(migrated.content).toMatchObject({ title: "one two" });
    expect(changes.map((change) => [change.migration, change.blocks.map((block) => block.fields)])).toEqual([
      ["1", [["page.title"]]],
      ["2", [["page.title"]]],
    ]);
  });

  it("leaves a block its function returns unchanged out of the changes", () => {
    expect(migrateStory(story, [migration({ link: (block) => block })]).changes[0]!.blocks).toEqual([]);
  });

  const failures: [string, Record<string, (block: Blok) => unknown>, RegExp][] = [
    // Leaves first and last sibling first: the last link in the story is the first one migrated.
    [
      "a function that throws",
      {
        link: () => {
          throw new Error("boom");
        },
      },
      /^content\(page\)\.body\[1\]\(links_container\)\.links\[0\]\(links_container\)\.links\[0\]\(link\): m: boom$/,
    ],
    [
      "something that is not a block",
      { link: () => ({ label: "no component" }) },
      /the link function returned an object without a component, not a block/,
    ],
    [
      "undefined",
      { hero_section: () => undefined },
      /^content\(page\)\.body\[0\]\(hero_section\): m: the hero_section function returned undefined/,
    ],
    [
      "several blocks for a story's content",
      { page: (block) => [block, block] },
      /^content\(page\): m: the page function returned a list, but a story's content is one block$/,
    ],
  ];
  it("refuses a function that takes a field away but leaves its translations, naming them and the helpers that carry them", () => {
    const translated = { full_slug: "home", content: { _uid: "p", component: "page", title: "Hi", title__i18n__nl: "Hoi", body: [] } };
    const destructured = migration({
      page: (block) => {
        const { title, ...kept } = block;
        return { ...kept, heading: title };
      },
    });
    expect(() => migrateStory(translated, [destructured])).toThrow(
      "content(page): 20260101000000-test: the page function took away title but left its translations (title__i18n__nl), which no field has now: " +
        "carry them with renameField, moveInto or convertField, or drop them with dropTranslations (tools/migrations/helpers)",
    );
    // A function that keeps the field keeps its translations: nothing is stranded.
    expect(migrateStory(translated, [migration({ page: (block) => ({ ...block, title: "Hello" }) })]).story.content).toHaveProperty(
      "title__i18n__nl",
      "Hoi",
    );
  });

  it("reaches blocks in a block's first field, and in a block that has a field named attrs (only a rich-text blok node's attrs hold its blocks)", () => {
    const odd = {
      full_slug: "odd",
      content: {
        body: [link("first", "in the first field")],
        component: "page",
        _uid: "root",
        attrs: { note: "a field of the page" },
        footer: [link("second", "beside attrs")],
      },
    };
    const { changes } = migrateStory(odd, [migration({ link: (block) => ({ ...block, label: "changed" }) })]);
    expect(changes[0]!.blocks.map((change) => change.path)).toEqual(["content(page).body[0](link)", "content(page).footer[0](link)"]);
  });

  it("names each field taken away and each translation it left, when there are several", () => {
    const translated = {
      full_slug: "home",
      content: {
        _uid: "p",
        component: "page",
        title: "Hi",
        title__i18n__nl: "Hoi",
        intro: "A",
        intro__i18n__nl: "B",
        intro__i18n__de: "C",
      },
    };
    const bare = migration({
      page: (block) => {
        const { title: _title, intro: _intro, ...kept } = block;
        return kept;
      },
    });
    expect(() => migrateStory(translated, [bare])).toThrow(
      "the page function took away title, intro but left its translations (title__i18n__nl, intro__i18n__nl, intro__i18n__de), ",
    );
  });

  it("says what a function returned instead of a block: null, a list in its list, a string, a number, an object", () => {
    const returned: [unknown, string][] = [
      [null, "null"],
      [[[]], "a list"],
      ["text", "a string"],
      [3, "a number"],
      [{ label: "x" }, "an object without a component"],
    ];
    for (const [value, named] of returned) {
      expect(() => migrateStory(story, [migration({ hero_section: () => value }, "m")])).toThrow(
        `content(page).body[0](hero_section): m: the hero_section function returned ${named}, not a block (an object with a component)`,
      );
    }
  });

  it("reports a block that became one of another kind with what it became, comparing no fields across kinds", () => {
    const { changes } = migrateStory(story, [
      migration({ link: (block) => (block._uid === "l4" ? { _uid: "l4", component: "button", text: block.label } : block) }),
    ]);
    expect(changes[0]!.blocks).toEqual([
      {
        path: "content(page).body[1](links_container).links[0](links_container).links[0](link)",
        component: "link",
        fields: [],
        into: ["button"],
      },
    ]);
  });

  it("lists the fields a block changed sorted, not in the order the function set them", () => {
    const { changes } = migrateStory(story, [migration({ page: (block) => ({ ...block, zeta: 1, alpha: 2, body: [] }) })]);
    expect(changes[0]!.blocks).toEqual([{ path: "content(page)", component: "page", fields: ["page.alpha", "page.body", "page.zeta"] }]);
  });

  it.each(failures)("names the block's path and the migration for %s", (_name, blocks, message) => {
    expect(() => migrateStory(story, [migration(blocks, "m")])).toThrow(MigrationFailure);
    expect(() => migrateStory(story, [migration(blocks, "m")])).toThrow(message);
  });
});
