import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { cachedCompilerHost } from "../../support/cached-compiler-host";
import { COMPILER_OPTIONS, REPO, run, type RawComponent } from "./helpers";

/**
 * Type tests, compiled as one program (one compile for all, the suite's
 * time being what it is): each fixture compiles with every
 * `@ts-expect-error` used, and without those directives each marked line is
 * an error of its own. The fixtures in tests/fixtures/codegen read the
 * committed src/generated and golden outputs (the drift and golden checks
 * keep them equal to their schemas); the last is generated here, from a
 * schema with what none of those has.
 */
/** A directive on a line of its own (not `\s*`, which would take a blank line above it along). */
const DIRECTIVE = /^[ \t]*\/\/ @ts-expect-error.*$/gm;

/** Relation fields that allow any content type, and a link field restricted to one. */
const UNFILTERED: RawComponent[] = [
  // Translatable: the title; a bloks field never is (Storyblok translates the fields of its blocks).
  { name: "post", is_root: true, schema: { title: { type: "text", translatable: true }, body: { type: "bloks", translatable: true } } },
  { name: "author", is_root: true, schema: { name: { type: "text" } } },
  {
    name: "teaser",
    is_nestable: true,
    schema: {
      stories: { type: "options", source: "internal_stories" },
      story: { type: "option", source: "internal_stories", filter_content_type: [] },
      link: { type: "multilink", restrict_content_types: true, component_whitelist: ["author"] },
    },
  },
];

const UNFILTERED_CASES = `import { expectTypeOf } from "vitest";
import type { AuthorBlok, ContentTypeBlok, ResolvedBlok, ResolvedStory, StoryblokStory } from "./generated";

type Relations = ["teaser.stories", "teaser.story"];
type Teaser = Extract<NonNullable<ResolvedStory<"post", Relations, "story">["content"]["body"]>[number], { component: "teaser" }>;

// A relation field without filter_content_type holds stories of any content type.
expectTypeOf<NonNullable<Teaser["stories"]>[number]["content"]["component"]>().toEqualTypeOf<ContentTypeBlok["component"]>();
expectTypeOf<Teaser["story"]>().toEqualTypeOf<StoryblokStory<ResolvedBlok<ContentTypeBlok["component"], Relations, "story">> | undefined>();

// A link field restricted to authors links to authors (resolve_links=story).
type Link = Extract<NonNullable<Teaser["link"]>, { linktype: "story" }>;
expectTypeOf<Link["story"]>().toEqualTypeOf<StoryblokStory<AuthorBlok> | undefined>();
export function linksToAPost(link: Link): boolean {
  // @ts-expect-error teaser.link may point to authors only
  return link.story?.content.component === "post";
}
`;

/** The same schema without a languages file: one language, the default, whose code is `en`. */
const ONE_LANGUAGE_CASES = `import { expectTypeOf } from "vitest";
import { LANGUAGE_CODES, LOCALES, type LanguageCode, type Locale, type TranslatableFields } from "./generated";

expectTypeOf(LOCALES).toEqualTypeOf<readonly ["en"]>();
expectTypeOf(LANGUAGE_CODES).toEqualTypeOf<readonly []>();
expectTypeOf<LanguageCode>().toBeNever();
// @ts-expect-error with no languages file the space has no Dutch
export const dutch: Locale = "nl";

expectTypeOf<TranslatableFields<"post">>().toEqualTypeOf<"title">();
expectTypeOf<TranslatableFields<"author">>().toBeNever();
// @ts-expect-error a bloks field is not translatable, even when the schema says so
export const body: TranslatableFields<"post"> = "body";
`;

const work = mkdtempSync(join(tmpdir(), "type-cases-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
symlinkSync(join(REPO, "node_modules"), join(work, "node_modules"), "dir");
mkdirSync(join(work, "generated"));
for (const file of run(UNFILTERED).files) writeFileSync(join(work, "generated", file.path), file.contents);
writeFileSync(join(work, "unfiltered-cases.ts"), UNFILTERED_CASES);
writeFileSync(join(work, "one-language-cases.ts"), ONE_LANGUAGE_CASES);

/** Each fixture and how many errors it expects: a directive dropped by mistake shows here. */
const CASES: [path: string, directives: number][] = [
  [join(REPO, "tests/fixtures/codegen/registry-cases.tsx"), 7],
  [join(REPO, "tests/fixtures/codegen/relations-cases.ts"), 9],
  [join(REPO, "tests/fixtures/codegen/relations-hedvig-cases.ts"), 7],
  [join(REPO, "tests/fixtures/codegen/relations-nuxt-cases.ts"), 6],
  [join(REPO, "tests/fixtures/codegen/locales-cases.ts"), 7],
  [join(work, "unfiltered-cases.ts"), 1],
  [join(work, "one-language-cases.ts"), 2],
];

/**
 * Compiles every fixture, with the texts of some replaced in memory, and
 * returns the fixtures' own errors: the generated files they read are
 * checked whole elsewhere (the project's tsc, schemas.test.ts), and checking
 * only what the fixtures reach of them is most of this test's time saved.
 */
function compile(texts: ReadonlyMap<string, string> = new Map()): readonly ts.Diagnostic[] {
  const host = cachedCompilerHost(COMPILER_OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) => {
    const text = texts.get(fileName);
    return text === undefined ? getSourceFile(fileName, language, ...rest) : ts.createSourceFile(fileName, text, language);
  };
  const program = ts.createProgram({ rootNames: CASES.map(([path]) => path), options: COMPILER_OPTIONS, host });
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...CASES.flatMap(([path]) => {
      const file = program.getSourceFile(path);
      if (!file) throw new Error(`${path} is not in the program`);
      return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    }),
  ];
}

const where = (d: ts.Diagnostic) =>
  d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : "?";

describe("type tests: the registry, block types, request types and locales", () => {
  it("the fixtures compile: correct code passes and every expected error happens", () => {
    for (const [path, directives] of CASES) expect(readFileSync(path, "utf8").match(DIRECTIVE) ?? [], path).toHaveLength(directives);
    expect(compile().map((d) => `${where(d)}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`)).toEqual([]);
  });

  it("without the directives, each marked line fails on its own", () => {
    // Blank the directive lines rather than delete them, so line numbers stay put.
    const texts = new Map(CASES.map(([path]) => [path, readFileSync(path, "utf8").replace(DIRECTIVE, "")]));
    const marked = CASES.flatMap(([path]) => {
      const source = readFileSync(path, "utf8");
      const file = ts.createSourceFile(path, source, ts.ScriptTarget.ES2022);
      // The line after the directive's (1-based).
      return [...source.matchAll(DIRECTIVE)].map((m) => `${path}:${file.getLineAndCharacterOfPosition(m.index).line + 2}`);
    });
    expect([...new Set(compile(texts).map(where))].sort()).toEqual(marked.sort());
  });
});
