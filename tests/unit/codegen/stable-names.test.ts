import { describe, expect, it } from "vitest";
import { fileOf, run, type RawComponent } from "./helpers";

/**
 * Stable names (docs/generated-code.md): a block's type name changes only
 * when its own name does, or when another component's name truly collides
 * with it, and then the established block keeps the plain name.
 */
function typeNames(components: RawComponent[]): Record<string, string> {
  const text = fileOf(run(components), "components.ts");
  const map = text.slice(
    text.indexOf("export type BlokByComponent = {"),
    text.indexOf("\n};", text.indexOf("export type BlokByComponent = {")),
  );
  return Object.fromEntries(
    [...map.matchAll(/^ {2}("(?:[^"\\]|\\.)*"|[\w$]+): (\w+);$/gm)].map(([, key, type]) => [
      key!.startsWith('"') ? (JSON.parse(key!) as string) : key!,
      type!,
    ]),
  );
}

const text = { type: "text" };
const buttonDialog: RawComponent = {
  name: "ButtonDialog",
  is_nestable: true,
  id: 902,
  created_at: "2024-04-01T00:00:00.000Z",
  schema: { label: text },
};
const leftover: RawComponent = { name: "Button Dialog", is_nestable: true, id: 903, created_at: "2024-05-01T00:00:00.000Z", schema: {} };
const page: RawComponent = {
  name: "page",
  is_root: true,
  schema: { body: { type: "bloks", restrict_components: true, component_whitelist: ["ButtonDialog"] } },
};
const card: RawComponent = { name: "card", is_nestable: true, schema: { title: text } };

describe("the established block keeps the plain name", () => {
  const cases: [string, { given: RawComponent[]; want: Record<string, string> }][] = [
    [
      "space-only collision: the real block, not the empty leftover",
      {
        given: [leftover, buttonDialog, page],
        want: { ButtonDialog: "ButtonDialogBlok", "Button Dialog": "ButtonDialog2Blok", page: "PageBlok" },
      },
    ],
    ["the leftover removed: no rename", { given: [buttonDialog, page], want: { ButtonDialog: "ButtonDialogBlok", page: "PageBlok" } }],
    [
      "an unrelated component added",
      {
        given: [buttonDialog, leftover, page, card],
        want: { ButtonDialog: "ButtonDialogBlok", "Button Dialog": "ButtonDialog2Blok", card: "CardBlok", page: "PageBlok" },
      },
    ],
    [
      "order reversed",
      {
        given: [page, buttonDialog, leftover].reverse(),
        want: { ButtonDialog: "ButtonDialogBlok", "Button Dialog": "ButtonDialog2Blok", page: "PageBlok" },
      },
    ],
    [
      "a third collider added, empty and newer",
      {
        given: [buttonDialog, leftover, { name: "button-dialog", is_nestable: true, schema: {} }, page],
        want: {
          ButtonDialog: "ButtonDialogBlok",
          "Button Dialog": "ButtonDialog2Blok",
          "button-dialog": "ButtonDialog3Blok",
          page: "PageBlok",
        },
      },
    ],
    [
      "both with fields, none referenced: the older by created_at",
      {
        given: [
          { name: "hero", is_nestable: true, created_at: "2024-01-05T00:00:00.000Z", schema: { title: text } },
          { name: "Hero", is_nestable: true, created_at: "2021-06-01T00:00:00.000Z", schema: { headline: text } },
        ],
        want: { Hero: "HeroBlok", hero: "Hero2Blok" },
      },
    ],
    [
      "no dates: the lower id",
      {
        given: [
          { name: "hero", is_nestable: true, id: 7, schema: { a: text } },
          { name: "Hero", is_nestable: true, id: 9, schema: { b: text } },
        ],
        want: { hero: "HeroBlok", Hero: "Hero2Blok" },
      },
    ],
    [
      "referenced beats older",
      {
        given: [
          { name: "hero", is_nestable: true, id: 1, schema: { a: text } },
          { name: "Hero", is_nestable: true, id: 2, schema: { b: text } },
          { name: "page", is_root: true, schema: { top: { type: "bloks", restrict_components: true, component_whitelist: ["Hero"] } } },
        ],
        want: { Hero: "HeroBlok", hero: "Hero2Blok", page: "PageBlok" },
      },
    ],
    [
      "a suffixed name never takes a real component's plain name",
      {
        given: [
          { name: "any", is_nestable: true, schema: {} },
          { name: "any2", is_nestable: true, schema: {} },
        ],
        want: { any: "Any3Blok", any2: "Any2Blok" },
      },
    ],
  ];
  it.each(cases)("%s", (_name, { given, want }) => {
    expect(typeNames(given)).toEqual(want);
  });

  it("renaming an unrelated component renames nothing else", () => {
    const before = typeNames([buttonDialog, leftover, page, card]);
    const after = typeNames([buttonDialog, leftover, page, { ...card, name: "teaser_card" }]);
    const { card: _card, ...kept } = before;
    const { teaser_card: renamed, ...stillKept } = after;
    expect(renamed).toBe("TeaserCardBlok");
    expect(stillKept).toEqual(kept);
  });
});
