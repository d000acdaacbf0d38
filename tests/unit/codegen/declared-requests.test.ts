import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, resolveFlags, runGenerator, scaffoldCommand } from "storyblok-typed-codegen/cli";
import { scaffoldRenderers } from "storyblok-typed-codegen/scaffold";
import { compile, fileOf, run, withConsumer, type RawComponent } from "./helpers";

/**
 * Relations and links the project's requests resolve, declared once
 * (relations.json or the config, and `resolve_links`): the default block
 * types hold them as Storyblok delivers them, so code written for the SDK
 * compiles unchanged, while `ResolvedStory` stays one request's exact answer
 * and `StoryOfRequest` reads an SDK request's literal options.
 */
const SCHEMA: RawComponent[] = [
  {
    name: "page",
    is_root: true,
    schema: {
      title: { type: "text" },
      header: { type: "option", source: "internal_stories", filter_content_type: ["header"] },
      related: { type: "options", source: "internal_stories", filter_content_type: ["page"] },
      author: { type: "option", source: "internal_stories", filter_content_type: ["author"] },
      body: { type: "bloks" },
    },
  },
  { name: "header", is_root: true, schema: { logo_text: { type: "text", required: true } } },
  { name: "author", is_root: true, schema: { name: { type: "text", required: true } } },
  { name: "teaser", is_nestable: true, schema: { cta: { type: "multilink" }, featured: { type: "option", source: "internal_stories" } } },
];

const DECLARED = { relations: { resolve_relations: ["page.header", "page.related", "teaser.featured"] }, resolveLinks: "url" };

/** SDK-style renderers: no type renamed, the story branch reached by narrowing. */
const SDK_STYLE = `
import type { PageBlok, TeaserBlok } from "./generated";

export function headerText(blok: PageBlok): string {
  if (!blok.header) return "";
  return typeof blok.header === "string" ? blok.header : blok.header.content.logo_text;
}

export function relatedTitles(blok: PageBlok): string[] {
  return (blok.related ?? []).map((item) => (typeof item === "string" ? item : item.content.title ?? item.name));
}

export function featuredSlug(blok: TeaserBlok): string | undefined {
  // Any content type: the field has no filter_content_type.
  return typeof blok.featured === "string" ? undefined : blok.featured?.full_slug;
}

export function ctaHref(blok: TeaserBlok): string | undefined {
  const cta = blok.cta;
  if (cta?.linktype === "story") return cta.story?.url ?? cta.cached_url;
  return cta?.url;
}
`;

describe("relations and links the project declares", () => {
  it("type declared relations as a story of the allowed content types or its uuid, and leave the rest stored", () => {
    const components = fileOf(run(SCHEMA, DECLARED), "components.ts");
    expect(components).toContain("  header?: string | StoryblokStory<HeaderBlok>;");
    expect(components).toContain("  related?: (string | StoryblokStory<PageBlok>)[];");
    expect(components).toContain("  featured?: string | StoryblokStory<ContentTypeBlok>;");
    expect(components).toContain("  author?: string;");
    expect(components).toContain('  cta?: StoryblokMultilink<"story" | "url", StoryblokLinkedUrl>;');
  });

  it("nothing declared: fields stay the stored value", () => {
    const components = fileOf(run(SCHEMA), "components.ts");
    expect(components).toContain("  header?: string;");
    expect(components).toContain('  cta?: StoryblokMultilink<"story" | "url">;');
  });

  it("the config's list and resolve_links do what relations.json does", () => {
    const fromConfig = run(SCHEMA, { relations: ["page.header", "page.related", "teaser.featured"], resolveLinks: "url" });
    expect(fileOf(fromConfig, "components.ts")).toBe(fileOf(run(SCHEMA, DECLARED), "components.ts"));
    const fromFile = run(SCHEMA, { relations: { resolve_relations: DECLARED.relations.resolve_relations, resolve_links: "url" } });
    expect(fileOf(fromFile, "components.ts")).toBe(fileOf(fromConfig, "components.ts"));
  });

  it('resolve_links "story" types the link\'s story with its whitelist; a bad value is an error', () => {
    const story = run(
      [...SCHEMA, { name: "card", schema: { to: { type: "multilink", restrict_content_types: true, component_whitelist: ["author"] } } }],
      { resolveLinks: "story" },
    );
    expect(fileOf(story, "components.ts")).toContain('  to?: StoryblokMultilink<"story" | "url", StoryblokStory<AuthorBlok>>;');
    expect(run(SCHEMA, { resolveLinks: "full" }).diagnostics).toContainEqual(
      expect.objectContaining({ severity: "error", code: "resolve-links-invalid" }),
    );
  });

  it("SDK-style code compiles against the default types", () => {
    expect(compile(withConsumer(run(SCHEMA, DECLARED), SDK_STYLE))).toEqual([]);
  });

  it("the same code fails where nothing is declared: the story branch is never", () => {
    const errors = compile(withConsumer(run(SCHEMA), SDK_STYLE));
    expect(errors.join("\n")).toContain("Property 'content' does not exist on type 'never'");
  });

  it("undeclared relations stay uuids in the default types", () => {
    const errors = compile(
      withConsumer(
        run(SCHEMA, DECLARED),
        `import type { PageBlok } from "./generated";
export const name = (blok: PageBlok) => (typeof blok.author === "string" ? blok.author : blok.author?.content);`,
      ),
    );
    expect(errors.join("\n")).toContain("Property 'content' does not exist on type 'never'");
  });

  it("ResolvedStory stays the exact answer, and StoryOfRequest reads an SDK request's literal options", () => {
    const consumer = `import { expectTypeOf } from "vitest";
import type { PageBlok, ResolvedStory, StoryOfRequest, StoryblokLinkedUrl, StoryblokStory, StoryblokStoryLink, TeaserBlok } from "./generated";

// Exact: what the request names is a story (dropped when unresolvable); declared fields it does not name are uuids.
type Exact = ResolvedStory<"page", ["page.header"]>;
expectTypeOf<Exact["content"]["header"]>().toEqualTypeOf<StoryblokStory<import("./generated").HeaderBlok> | undefined>();
expectTypeOf<Exact["content"]["related"]>().toEqualTypeOf<string[] | undefined>();
type ExactTeaser = Extract<NonNullable<Exact["content"]["body"]>[number], { component: "teaser" }>;
expectTypeOf<Extract<NonNullable<ExactTeaser["cta"]>, { linktype: "story" }>>().toEqualTypeOf<StoryblokStoryLink>();

// The SDK's options, as a literal: a comma-separated string or a tuple, resolve_links read too.
const options = { version: "published", resolve_relations: "page.related,teaser.featured", resolve_links: "url" } as const;
type Answer = StoryOfRequest<"page", typeof options>;
expectTypeOf<Answer["content"]["header"]>().toEqualTypeOf<string | undefined>();
expectTypeOf<NonNullable<Answer["content"]["related"]>[number]>().toMatchTypeOf<string | StoryblokStory<unknown>>();
type AnswerTeaser = Extract<NonNullable<Answer["content"]["body"]>[number], { component: "teaser" }>;
expectTypeOf<Extract<NonNullable<AnswerTeaser["cta"]>, { linktype: "story" }>["story"]>().toEqualTypeOf<StoryblokLinkedUrl | undefined>();
type Tuple = StoryOfRequest<"page", { resolve_relations: readonly ["page.header"] }>;
expectTypeOf<Tuple["content"]["related"]>().toEqualTypeOf<string[] | undefined>();
expectTypeOf<Extract<NonNullable<Tuple["content"]["header"]>, string>>().toEqualTypeOf<string>();
// A plain string[] says nothing: the default types.
expectTypeOf<StoryOfRequest<"page", { resolve_relations: string[] }>["content"]>().toEqualTypeOf<PageBlok>();
export const teaser = (blok: TeaserBlok) => blok;
`;
    expect(compile(withConsumer(run(SCHEMA, DECLARED), consumer))).toEqual([]);
  });
});

describe("scaffold with declared relations", () => {
  it("writes renderers that compile: a declared relation shows its story's name, or the uuid", async () => {
    const schema: RawComponent[] = [
      ...SCHEMA,
      {
        name: "shelf",
        is_nestable: true,
        schema: { items: { type: "options", source: "internal_stories" }, plain: { type: "options", source: "internal_stories" } },
      },
    ];
    const declared = { ...DECLARED, relations: { resolve_relations: [...DECLARED.relations.resolve_relations, "shelf.items"] } };
    const plan = await scaffoldRenderers({
      documents: [{ components: schema }],
      ...declared,
      generatedImport: "../generated",
      existing: new Set(),
    });
    const files: Record<string, string> = withConsumer(run(schema, declared), "");
    for (const file of plan.files) files[`blocks/${file.path}`] = file.contents;
    files["blocks/registry.ts"] = plan.registry ?? "";
    expect(files["blocks/Teaser.tsx"]).toContain('typeof blok.featured === "string" ? blok.featured : blok.featured?.name');
    expect(files["blocks/Shelf.tsx"]).toContain('typeof item === "string" ? item : item.name');
    expect(files["blocks/Shelf.tsx"]).toContain('blok.plain?.join(", ")');
    expect(compile(files)).toEqual([]);
  });
});

describe("a request through the SDKs", () => {
  it("the answer of getStoryblokApi() and storyblok-js-client, typed by StoryOfRequest, reads like SDK code", () => {
    const consumer = `import { getStoryblokApi } from "@storyblok/react";
import StoryblokClient from "storyblok-js-client";
import type { StoryOfRequest } from "./generated";

const options = { version: "published", resolve_relations: "page.header", resolve_links: "url" } as const;
const relations = ["page.related"] as const;

export async function headerOfHome(): Promise<string | undefined> {
  const { data } = await getStoryblokApi().getStory("home", options);
  const story = data.story as StoryOfRequest<"page", typeof options>;
  const header = story.content.header;
  return typeof header === "string" ? header : header?.content.logo_text;
}

export async function relatedOfHome(client: StoryblokClient): Promise<string[]> {
  const { data } = await client.getStory("home", { resolve_relations: [...relations] });
  const story = data.story as StoryOfRequest<"page", { resolve_relations: typeof relations }>;
  return (story.content.related ?? []).map((item) => (typeof item === "string" ? item : item.full_slug));
}
`;
    expect(compile(withConsumer(run(SCHEMA, DECLARED), consumer))).toEqual([]);
  });
});

describe("declared in the generator's config", () => {
  it("relations as a list, resolveLinks and inline reach the output and scaffold; a malformed list is bad input", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codegen-declared-"));
    try {
      writeFileSync(join(dir, "components.json"), JSON.stringify({ components: SCHEMA }));
      const settings = {
        schema: join(dir, "components.json"),
        out: join(dir, "gen"),
        relations: ["page.header", "teaser.featured"],
        resolveLinks: "url",
        inline: ["teaser"],
      };
      writeFileSync(join(dir, "package.json"), JSON.stringify({ "storyblok-typed-codegen": settings }));
      const generated = runGenerator(resolveFlags({ warn: true }, dir), undefined, { quiet: true });
      const file = (path: string) => generated?.files.find((f) => f.path === path)?.contents ?? "";
      expect(file("components.ts")).toContain("  header?: string | StoryblokStory<HeaderBlok>;");
      expect(file("components.ts")).toContain('  cta?: StoryblokMultilink<"story" | "url", StoryblokLinkedUrl>;');
      expect(file("registry.ts")).toContain('export type InlineComponent = "teaser";');

      // scaffold reads the same settings, so its renderers match these types.
      const flags = resolveFlags({ warn: true }, dir);
      expect(await scaffoldCommand({ ...flags, dir: join(dir, "blocks") })).toBe(0);
      expect(readFileSync(join(dir, "blocks", "Teaser.tsx"), "utf8")).toContain('typeof blok.featured === "string"');

      writeFileSync(join(dir, "package.json"), JSON.stringify({ "storyblok-typed-codegen": { ...settings, inline: "teaser" } }));
      expect(() => loadConfig(dir)).toThrow('"inline" must be a list of names');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
