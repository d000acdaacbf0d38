import { describe, expect, it } from "vitest";
import { scaffoldRenderers } from "storyblok-typed-codegen/scaffold";
import { compile, fileOf, run, withConsumer, type RawComponent } from "./helpers";

/**
 * The registry as real projects render: blocks a parent renders itself
 * (`inline` in the generator config) need no renderer, every other block
 * still does, and the registry is @storyblok/react's `components` map with
 * `StoryblokComponent` rendering our blocks.
 */
const SCHEMA: RawComponent[] = [
  { name: "page", is_root: true, schema: { body: { type: "bloks" } } },
  {
    name: "faq",
    is_nestable: true,
    schema: { items: { type: "bloks", restrict_components: true, component_whitelist: ["faq_item"] } },
  },
  { name: "faq_item", is_nestable: true, schema: { question: { type: "text", required: true } } },
  { name: "hero", is_nestable: true, schema: { headline: { type: "text", required: true } } },
];

const INLINE = { inline: ["faq_item"] };

/** Renderers as a parent-renders-its-items project writes them: Faq renders its items itself. */
const RENDERERS = `
import type { FaqBlok, FaqItemBlok, HeroBlok } from "./generated";

export const Hero = ({ blok }: { blok: HeroBlok }) => <h1>{blok.headline}</h1>;
const FaqItem = ({ blok }: { blok: FaqItemBlok }) => <dt>{blok.question}</dt>;
export const Faq = ({ blok }: { blok: FaqBlok }) => <dl>{blok.items?.map((item) => <FaqItem key={item._uid} blok={item} />)}</dl>;
export { FaqItem };
`;

function registryCase(entries: string, extra = ""): string[] {
  const result = run(SCHEMA, INLINE);
  return compile({
    ...withConsumer(
      result,
      `import type { BlockRegistry } from "./generated";
import { Faq, FaqItem, Hero } from "./renderers";
void FaqItem;
export const registry: BlockRegistry = { ${entries} };
${extra}`,
    ),
    "renderers.tsx": RENDERERS,
  }).filter((error) => !error.startsWith("generated/"));
}

describe("inline blocks", () => {
  it("the registry compiles without a renderer for an inline block", () => {
    expect(registryCase("faq: Faq, hero: Hero")).toEqual([]);
  });

  it("and with one", () => {
    expect(registryCase("faq: Faq, faq_item: FaqItem, hero: Hero")).toEqual([]);
  });

  it("a missing renderer for any other block is still a compile error", () => {
    expect(registryCase("faq: Faq").join("\n")).toContain("Property 'hero' is missing");
  });

  it("a renderer for the wrong block or an unknown key still fails", () => {
    expect(registryCase("faq: Faq, hero: Hero, faq_item: Hero").join("\n")).toContain(
      "Property 'headline' is missing in type 'FaqItemBlok'",
    );
    expect(registryCase("faq: Faq, hero: Hero, carousel: Hero").join("\n")).toContain("carousel");
  });

  it("a lookup by a block's own component types its renderer, absent where the block is inline", () => {
    const lookup = (result: string) => `import type { ComponentType } from "react";
import type { BlokOf, NestableBlok } from "./generated";
export function rendererFor<K extends NestableBlok["component"]>(component: K): ${result} {
  return registry[component];
}`;
    expect(registryCase("faq: Faq, hero: Hero", lookup("ComponentType<{ blok: BlokOf<K> }> | undefined"))).toEqual([]);
    expect(registryCase("faq: Faq, hero: Hero", lookup("ComponentType<{ blok: BlokOf<K> }>")).join("\n")).toContain(
      "Type 'undefined' is not assignable",
    );
  });

  it("without inline the block is demanded, as before", () => {
    const result = run(SCHEMA);
    expect(fileOf(result, "registry.ts")).toContain("export type InlineComponent = never;");
    const errors = compile({
      ...withConsumer(
        result,
        `import type { BlockRegistry } from "./generated";
import { Faq, Hero } from "./renderers";
export const registry: BlockRegistry = { faq: Faq, hero: Hero };`,
      ),
      "renderers.tsx": RENDERERS,
    });
    expect(errors.join("\n")).toContain("Property 'faq_item' is missing");
  });

  it("an inline name that is no nestable block is warned about and ignored", () => {
    const result = run(SCHEMA, { inline: ["page", "nope"] });
    expect(result.diagnostics.filter((d) => d.code === "inline-not-nestable").map((d) => d.component)).toEqual(["nope", "page"]);
    expect(fileOf(result, "registry.ts")).toContain("export type InlineComponent = never;");
  });
});

describe("scaffold with inline blocks", () => {
  it("the scaffolded renderers, Blocks and registry compile", async () => {
    const plan = await scaffoldRenderers({
      documents: [{ components: SCHEMA }],
      ...INLINE,
      generatedImport: "../generated",
      existing: new Set(),
    });
    const files: Record<string, string> = withConsumer(run(SCHEMA, INLINE), "");
    for (const file of plan.files) files[`blocks/${file.path}`] = file.contents;
    files["blocks/registry.ts"] = plan.registry ?? "";
    expect(plan.files.map((file) => file.path)).toContain("Blocks.tsx");
    expect(compile(files)).toEqual([]);
  });
});

describe("@storyblok/react", () => {
  it("the registry is storyblokInit's components map, and StoryblokComponent renders our blocks", () => {
    const app = `import { apiPlugin, storyblokInit, StoryblokComponent, storyblokEditable } from "@storyblok/react";
import type { BlockRegistry, NestableBlok, PageBlok } from "./generated";
import { Faq, Hero } from "./renderers";

export const components: BlockRegistry = { faq: Faq, hero: Hero };
export const getStoryblokApi = storyblokInit({ accessToken: "token", use: [apiPlugin], components });

export function Page({ blok }: { blok: PageBlok }) {
  return (
    <main {...storyblokEditable(blok)}>
      {blok.body?.map((nested: NestableBlok) => <StoryblokComponent blok={nested} key={nested._uid} />)}
    </main>
  );
}
`;
    const errors = compile({ ...withConsumer(run(SCHEMA, INLINE), ""), "app.tsx": app, "renderers.tsx": RENDERERS });
    expect(errors).toEqual([]);
  });
});
