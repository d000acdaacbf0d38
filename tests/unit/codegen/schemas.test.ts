import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic, generate, type GenerateResult } from "storyblok-typed-codegen";
import { fixtureInput, fixtures } from "./fixtures";
import { compile, REPO, withConsumer } from "./helpers";

/**
 * The generator on real schemas: our content model and public ones saved
 * from other projects. Output must compile under the project's strictness,
 * and for the fixtures it must equal the committed golden files.
 * `UPDATE_GOLDEN=1 npx vitest run tests/unit/codegen` rewrites them.
 */
const GOLDEN = join(REPO, "tests/fixtures/golden");
const update = process.env.UPDATE_GOLDEN === "1";

/**
 * engine.ts is a verbatim copy of codegen/engine/engine.ts (checked below), so
 * the goldens hold a one-line stand-in instead of ten copies that would go
 * stale with every engine change; it points the golden validators.ts (which
 * the project's tsc checks) at the one engine.
 */
const ENGINE = readFileSync(join(REPO, "codegen/engine/engine.ts"), "utf8");
const ENGINE_STUB =
  '// The generated engine.ts is a verbatim copy of codegen/engine/engine.ts; the goldens point at the one engine.\nexport * from "storyblok-typed-codegen/engine";\n';

/** Touches every kind of export, so a broken one fails to compile. */
const CONSUMER = `
import type { SbBlokData } from "@storyblok/react";
import type * as G from "./generated";
import { BLOK_RULES, checkBlok, isBlok, LANGUAGE_NAMES, LOCALES, RESOLVE_RELATIONS, TRANSLATABLE_FIELDS, validateBlok } from "./generated";

export type Everything = [
  G.AnyBlok,
  G.NestableBlok,
  G.ContentTypeBlok,
  G.BlockRegistry,
  G.RichTextDoc<G.NestableBlok>,
  G.RichTextNode<G.NestableBlok>,
  G.RichTextMark,
  G.StoryblokMultilink<G.LinkType>,
  G.StoryblokTable,
  G.StoryblokStory<G.ContentTypeBlok>,
];
export const relations: readonly string[] = RESOLVE_RELATIONS;
export const languages: string[] = LOCALES.map((locale: G.Locale) => LANGUAGE_NAMES[locale]);
export const translatable: readonly (readonly string[])[] = Object.values(TRANSLATABLE_FIELDS);
/**
 * Every block is @storyblok/react's SbBlokData (true only when each union member is),
 * except blocks with a custom field of an unknown plugin: unknown fits no index signature.
 */
type EveryBlockIsSbBlokData<T> = [T extends SbBlokData ? never : T] extends [never] ? true : false;
type UnknownKeys<T> = { [K in keyof T]-?: unknown extends T[K] ? K : never }[keyof T];
type WithoutUnknownFields<T> = T extends unknown ? ([UnknownKeys<T>] extends [never] ? T : never) : never;
export const everyBlock: EveryBlockIsSbBlokData<WithoutUnknownFields<G.AnyBlok>> = true;
export function componentName(blok: G.AnyBlok): string {
  return blok.component;
}
export function guards(value: unknown): G.NestableBlok | G.AnyBlok | number {
  const checked = checkBlok(value);
  if (checked.ok) return checked.blok;
  if (isBlok(value)) return value;
  return validateBlok(value, { strict: true }).length + Object.keys(BLOK_RULES).length;
}
`;

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8")) as unknown;
}

function errorsOf(result: GenerateResult): string[] {
  return result.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
}

describe("schema/components.json", () => {
  const result = generate({
    documents: [readJson(join(REPO, "schema/components.json"))],
    relations: readJson(join(REPO, "schema/relations.json")),
    languages: readJson(join(REPO, "schema/languages.json")),
    schemaLabel: "schema/components.json",
  });

  it("generates without errors or warnings", () => {
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([]);
  });

  it("compiles strictly with a consumer", () => {
    expect(compile(withConsumer(result, CONSUMER))).toEqual([]);
  });
});

/**
 * Each fixture: a public schema from a real project, or a hand-written one
 * with one quirk that real schemas have (`quirks-*`). Directories are the CLI
 * v4 per-component layout; side files (`datasources.json`, …) are read as the
 * CLI reads them (./fixtures.ts). `WANT` lists the warning codes each must give, and no more.
 */
const WANT: Record<string, string[]> = {
  "fran-moreno-alcala": ["bloks-allow-none"],
  "hedvig-market-web": ["name-collision", ...Array<string>(49).fill("plugin-unknown"), ...Array<string>(3).fill("translatable-ignored")],
  "quirks-block-key-fields": Array<string>(4).fill("field-shadows-block-key"),
  "quirks-case-collision": ["name-collision"],
  "quirks-cli-v4-array": [],
  "quirks-duplicates": ["conflicting-duplicate", "duplicate-component"],
  "quirks-folder": [],
  "quirks-legacy-fields": [],
  "quirks-space-collision": ["name-collision", "richtext-allows-no-blocks"],
  "storyblok-nuxt-ultimate-tutorial": [],
};

it("every fixture has its expected warnings listed", () => {
  expect(fixtures.map(([name]) => name)).toEqual(Object.keys(WANT).sort());
});

describe.each(fixtures)("fixture %s", (name, file) => {
  const result = generate(fixtureInput(file));

  it("generates without errors, with exactly the warnings expected", () => {
    expect(errorsOf(result)).toEqual([]);
    expect(result.files.length).toBeGreaterThan(0);
    expect(result.diagnostics.map((d) => d.code).sort()).toEqual([...(WANT[name] ?? [])].sort());
  });

  it("compiles strictly with a consumer", () => {
    expect(compile(withConsumer(result, CONSUMER))).toEqual([]);
  });

  it("matches the golden files", () => {
    const dir = join(GOLDEN, name);
    if (update) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      for (const f of result.files) writeFileSync(join(dir, f.path), f.path === "engine.ts" ? ENGINE_STUB : f.contents);
    }
    expect(existsSync(dir), `no golden files in ${dir}; run with UPDATE_GOLDEN=1`).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(result.files.map((f) => f.path).sort());
    for (const f of result.files) {
      const want = f.path === "engine.ts" ? ENGINE_STUB : f.contents;
      expect(readFileSync(join(dir, f.path), "utf8"), f.path).toBe(want);
    }
  });

  it("carries the one engine verbatim", () => {
    const engine = result.files.find((f) => f.path === "engine.ts")!.contents;
    expect(engine.endsWith(`\n\n${ENGINE}`)).toBe(true);
  });
});
