import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "storyblok-typed-codegen/cli";
import { BadInput } from "storyblok-typed-codegen";
import { addToRegistry, scaffoldRenderers } from "storyblok-typed-codegen/scaffold";
import type { RawComponent } from "./helpers";

const hero: RawComponent = {
  name: "hero",
  is_nestable: true,
  schema: { title: { type: "text" }, body: { type: "richtext" }, cta: { type: "multilink" } },
};
const card: RawComponent = { name: "card", is_nestable: true, schema: { items: { type: "bloks" }, image: { type: "asset" } } };
const page: RawComponent = { name: "page", is_root: true, schema: { body: { type: "bloks" } } };
const documents = [{ components: [hero, card, page] }];

describe("scaffoldRenderers", () => {
  it("writes a renderer per nestable block, the helpers they import, and a registry", async () => {
    const plan = await scaffoldRenderers({ documents, generatedImport: "../generated", existing: new Set() });
    expect(plan.added).toEqual(["card", "hero"]);
    expect(plan.files.map((file) => file.path)).toEqual([
      "Blocks.tsx",
      "Card.tsx",
      "editable.ts",
      "Hero.tsx",
      "link-href.ts",
      "RichText.tsx",
    ]);
    expect(plan.registry).toContain("export const registry: BlockRegistry = {\n  card: Card,\n  hero: Hero,\n};");
  });

  it("never plans a file that exists, and leaves a block the registry already wires", async () => {
    const registry =
      'import type { BlockRegistry } from "../generated";\nimport { Mine } from "./Mine";\n\nexport const registry: BlockRegistry = {\n  hero: Mine, // hand-wired\n};\n';
    const plan = await scaffoldRenderers({
      documents,
      generatedImport: "../generated",
      existing: new Set(["registry.ts", "Card.tsx", "Blocks.tsx"]),
      registry,
    });
    expect(plan.added).toEqual(["card"]);
    // Card.tsx is the user's: wired into the registry, not written.
    expect(plan.files.map((file) => file.path)).toEqual([]);
    expect(plan.registry).toContain('import { Card } from "./Card";');
    expect(plan.registry).toContain("  card: Card,\n  hero: Mine, // hand-wired\n");
  });

  it("refuses a block the schema does not have, or one that is not nestable", async () => {
    await expect(scaffoldRenderers({ documents, generatedImport: "../generated", existing: new Set(), blocks: ["nope"] })).rejects.toThrow(
      "--block nope",
    );
    await expect(scaffoldRenderers({ documents, generatedImport: "../generated", existing: new Set(), blocks: ["page"] })).rejects.toThrow(
      "--block page",
    );
  });
});

describe("addToRegistry", () => {
  const cases: [string, { given: string; want: string }][] = [
    [
      "keeps comments and formatting, inserts in name order, keeps a trailing comma",
      {
        given:
          'import type { BlockRegistry } from "./g";\nimport { B } from "./B";\n\n// mine\nexport const registry: BlockRegistry = {\n  b: B,   // odd spacing kept\n};\n',
        want: 'import type { BlockRegistry } from "./g";\nimport { B } from "./B";\nimport { A } from "./A";\nimport { C } from "./C";\n\n// mine\nexport const registry: BlockRegistry = {\n  a: A,\n  b: B,   // odd spacing kept\n  c: C,\n};\n',
      },
    ],
    [
      "quotes a key that is not an identifier; `satisfies` works too",
      {
        given: 'import type { BlockRegistry } from "./g";\n\nexport const registry = {\n} satisfies BlockRegistry;\n',
        want: 'import type { BlockRegistry } from "./g";\nimport { A } from "./A";\nimport { C } from "./C";\n\nexport const registry = {\n  a: A,\n  "c-2": C\n} satisfies BlockRegistry;\n',
      },
    ],
  ];
  it.each(cases)("%s", (_name, { given, want }) => {
    const entries = given.includes("satisfies")
      ? [
          { block: "c-2", renderer: "C" },
          { block: "a", renderer: "A" },
        ]
      : [
          { block: "c", renderer: "C" },
          { block: "a", renderer: "A" },
        ];
    expect(addToRegistry(given, entries)).toBe(want);
  });

  it("says so when the file has no registry object", () => {
    expect(() => addToRegistry("export const x = 1;\n", [{ block: "a", renderer: "A" }])).toThrow("no `const registry: BlockRegistry");
  });
});

describe("loadConfig", () => {
  const withPackage = (manifest: unknown, check: (dir: string) => void) => {
    const dir = mkdtempSync(join(tmpdir(), "codegen-config-"));
    try {
      writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
      check(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("reads package.json's key", () => {
    withPackage({ "storyblok-typed-codegen": { schema: "s.json", out: "gen", command: "npm run codegen" } }, (dir) => {
      expect(loadConfig(dir).config).toEqual({ schema: "s.json", out: "gen", command: "npm run codegen" });
    });
  });

  it("reads the languages file and the default locale", () => {
    withPackage({ "storyblok-typed-codegen": { languages: "schema/languages.json", defaultLocale: "en-GB" } }, (dir) => {
      expect(loadConfig(dir).config).toEqual({ languages: "schema/languages.json", defaultLocale: "en-GB" });
    });
    withPackage({ "storyblok-typed-codegen": { defaultLocale: "" } }, (dir) =>
      expect(() => loadConfig(dir)).toThrow('"defaultLocale" must be a non-empty string'),
    );
  });

  it("refuses an unknown or mistyped setting instead of ignoring it", () => {
    withPackage({ "storyblok-typed-codegen": { scheme: "s.json" } }, (dir) => expect(() => loadConfig(dir)).toThrow(BadInput));
    withPackage({ "storyblok-typed-codegen": { strict: "yes" } }, (dir) =>
      expect(() => loadConfig(dir)).toThrow('"strict" must be true or false'),
    );
  });
});
