import { describe, expect, it } from "vitest";
import { findDrift, summariseComponentChanges, unifiedDiff } from "storyblok-typed-codegen";

describe("unifiedDiff", () => {
  const cases: [string, { given: [string, string]; want: string }][] = [
    ["equal texts", { given: ["a\nb\n", "a\nb\n"], want: "" }],
    ["one changed line", { given: ["a\nb\nc\n", "a\nB\nc\n"], want: "--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n" }],
    ["added at the end", { given: ["a\n", "a\nb\n"], want: "--- old\n+++ new\n@@ -1,1 +1,2 @@\n a\n+b\n" }],
    ["new file", { given: ["", "a\n"], want: "--- old\n+++ new\n@@ -0,0 +1,1 @@\n+a\n" }],
    [
      "distant changes make two hunks",
      {
        given: ["1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "x\n2\n3\n4\n5\n6\n7\n8\n9\ny\n"],
        want: "--- old\n+++ new\n@@ -1,4 +1,4 @@\n-1\n+x\n 2\n 3\n 4\n@@ -7,4 +7,4 @@\n 7\n 8\n 9\n-10\n+y\n",
      },
    ],
  ];
  it.each(cases)("%s", (_name, { given, want }) => expect(unifiedDiff(given[0], given[1], "old", "new")).toBe(want));
});

describe("findDrift", () => {
  it("reports changed, missing and extra files, sorted by path", () => {
    const generated = [
      { path: "a.ts", contents: "same\n" },
      { path: "b.ts", contents: "new\n" },
      { path: "c.ts", contents: "c\n" },
    ];
    const onDisk = new Map([
      ["a.ts", "same\n"],
      ["b.ts", "old\n"],
      ["z.ts", "z\n"],
    ]);
    expect(findDrift(generated, onDisk, "out").map(({ path, kind }) => [path, kind])).toEqual([
      ["b.ts", "changed"],
      ["c.ts", "missing"],
      ["z.ts", "extra"],
    ]);
  });
});

describe("summariseComponentChanges", () => {
  const block = (name: string, fields: string[], aliases: string[] = []) =>
    [
      `export type ${name}Blok = {`,
      `  component: ${JSON.stringify(name)};`,
      "  _uid: string;",
      ...fields.map((f) => `  ${f};`),
      "};",
      ...aliases,
    ].join("\n");
  const multiLine = ["export type HeroItemsBloks =", "  | CardBlok", "  | LinkBlok;"];
  const cases: [string, { given: [string, string]; want: string[] }][] = [
    ["no change", { given: [block("hero", ["a: string"]), block("hero", ["a: string"])], want: [] }],
    ["block added", { given: ["", block("hero", ["a: string"])], want: ["+ block hero (1 field)"] }],
    ["block removed", { given: [block("hero", []), ""], want: ["- block hero"] }],
    ["field added", { given: [block("hero", []), block("hero", ["a?: string"])], want: ["+ field hero.a?: string"] }],
    ["field removed", { given: [block("hero", ["a?: string"]), block("hero", [])], want: ["- field hero.a"] }],
    [
      "field retyped",
      { given: [block("hero", ['a?: "x"']), block("hero", ['a: "x" | "y"'])], want: ['~ field hero.a?: "x" → hero.a: "x" | "y"'] },
    ],
    ["quoted keys", { given: [block("hero", []), block("hero", ['"a-b"?: string'])], want: ["+ field hero.a-b?: string"] }],
    [
      "whitelist changed: only the field's alias differs",
      {
        given: [
          block("hero", ["items?: HeroItemsBloks[]"], ["export type HeroItemsBloks = CardBlok;"]),
          block("hero", ["items?: HeroItemsBloks[]"], multiLine),
        ],
        want: ["~ field hero.items?: CardBlok[] → hero.items?: (CardBlok | LinkBlok)[]"],
      },
    ],
    [
      "alias renamed, same members",
      {
        given: [
          block("hero", ["items?: HeroItemsBloks[]"], multiLine),
          block("hero", ["items?: HeroItems2Bloks[]"], [multiLine.join("\n").replace("HeroItemsBloks", "HeroItems2Bloks")]),
        ],
        want: [],
      },
    ],
    [
      "members inline before, in an alias after",
      { given: [block("hero", ["items?: (CardBlok | LinkBlok)[]"]), block("hero", ["items?: HeroItemsBloks[]"], multiLine)], want: [] },
    ],
  ];
  it.each(cases)("%s", (_name, { given, want }) => expect(summariseComponentChanges(given[0], given[1])).toEqual(want));
});
