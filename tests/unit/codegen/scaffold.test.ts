import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, resolveScaffoldFlags, schemaLabel } from "storyblok-typed-codegen/cli";
import { BadInput, fileHeader } from "storyblok-typed-codegen";
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

describe("scaffold's schema: the one --out was generated from", () => {
  const project = mkdtempSync(join(tmpdir(), "codegen-scaffold-schema-"));
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  const out = join(project, "src/generated");
  const ours = join(project, "schema/components.json");
  // Another space's pull beside it, which detection alone would take.
  const pulled = join(project, ".storyblok/components/999/components.json");
  for (const path of [ours, pulled]) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify({ components: [] }));
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "index.ts"), `${fileHeader(schemaLabel(ours, out))}\nexport {};\n`);

  it("is read from the header, which names it relative to --out", () => {
    expect(readFileSync(join(out, "index.ts"), "utf8")).toMatch(
      /^\/\/ Generated by `[^`]+` from \.\.\/\.\.\/schema\/components\.json\. Do not edit\./,
    );
    expect(resolve(resolveScaffoldFlags({ out, dir: join(project, "src/blocks") }, project).schema)).toBe(ours);
  });

  it("refuses a --schema naming another, in one line naming both", () => {
    expect(() => resolveScaffoldFlags({ out, dir: "blocks", schema: pulled }, project)).toThrow(
      new BadInput(
        `--schema ${pulled} is not the schema ${out} was generated from (${relative(process.cwd(), ours)}): generate ${out} from it first, or leave it out`,
      ),
    );
    expect(resolveScaffoldFlags({ out, dir: "blocks", schema: ours }, project).schema).toBe(ours);
  });
});

describe("a project's own helpers", () => {
  const ownHelpers = {
    editable: { specifier: "../preview/editable", name: "editableAttributes" },
    linkHref: { specifier: "../links", name: "hrefOf" },
    RichText: { specifier: "../richtext/RichText", name: "RichText" },
    Blocks: { specifier: "./Blocks", name: "Blocks" },
  };

  it("are imported by the renderers, under the helper's name, and no copy of them is written", async () => {
    const plan = await scaffoldRenderers({ documents, generatedImport: "../generated", existing: new Set(), ownHelpers });
    expect(plan.files.map((file) => file.path)).toEqual(["Card.tsx", "Hero.tsx"]);
    const hero = plan.files.find((file) => file.path === "Hero.tsx")!.contents;
    expect(hero).toContain('import { editableAttributes as editable } from "../preview/editable";');
    expect(hero).toContain('import { hrefOf as linkHref } from "../links";');
    expect(hero).toContain('import { RichText } from "../richtext/RichText";');
  });

  it("stand in for the scaffold's copy in the helpers it still writes", async () => {
    const plan = await scaffoldRenderers({
      documents,
      generatedImport: "../generated",
      existing: new Set(),
      ownHelpers: { Blocks: ownHelpers.Blocks },
    });
    expect(plan.files.map((file) => file.path)).toContain("RichText.tsx");
    expect(plan.files.map((file) => file.path)).not.toContain("Blocks.tsx");
  });

  it("are configured as path or path#export, for the four helpers only", () => {
    const dir = mkdtempSync(join(tmpdir(), "codegen-helpers-"));
    try {
      writeFileSync(join(dir, "package.json"), JSON.stringify({ "storyblok-typed-codegen": { helpers: { editable: "src/e.ts#attrs" } } }));
      expect(loadConfig(dir).config.helpers).toEqual({ editable: "src/e.ts#attrs" });
      writeFileSync(join(dir, "package.json"), JSON.stringify({ "storyblok-typed-codegen": { helpers: { Image: "src/i.ts" } } }));
      expect(() => loadConfig(dir)).toThrow('"helpers" has no helper "Image"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a registry typed with the requests' relations", () => {
  it("types a new renderer as that registry delivers its block, with the imports the type needs", async () => {
    const registry =
      'import type { BlockRegistry } from "../generated";\nimport type { PAGE_RELATIONS } from "../queries";\nimport { Card } from "./Card";\n\nexport const registry: BlockRegistry<typeof PAGE_RELATIONS> = {\n  card: Card,\n};\n';
    const plan = await scaffoldRenderers({ documents, generatedImport: "../generated", existing: new Set(["registry.ts"]), registry });
    const hero = plan.files.find((file) => file.path === "Hero.tsx")!.contents;
    expect(hero).toContain('import type { ResolvedBlok } from "../generated";\nimport type { PAGE_RELATIONS } from "../queries";');
    expect(hero).toContain('export function Hero({ blok }: { blok: ResolvedBlok<"hero", typeof PAGE_RELATIONS> }) {');
  });
});
