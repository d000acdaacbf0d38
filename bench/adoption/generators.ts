/**
 * The three generators the adoption bench compares, each run as a user runs
 * it on the project's schema export, and what the bench needs of its output:
 * the module to import, each component's type name, and the generator's
 * types for the field kinds a project's own type module also exports
 * (`AssetStoryblok`, `RichtextStoryblok`, …).
 *
 * - ours: this repository's generator, its built bin (codegen/dist), `generate`;
 * - cli: the official Storyblok CLI 4.22, `storyblok types generate`, from the
 *   schema laid out as its `components pull` writes it (it reads that folder,
 *   no request is made: the local preload refuses any that is tried);
 * - sgts: storyblok-generate-ts 2.2 (`source=… target=…`).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { oursTypeNames, theirTypeNames } from "../codegen-consumer";

export type GeneratorId = "ours" | "cli" | "sgts";

export const GENERATORS: readonly { id: GeneratorId; label: string }[] = [
  { id: "ours", label: "ours (storyblok-typed-codegen, this checkout)" },
  { id: "cli", label: "Storyblok CLI 4.22 `types generate`" },
  { id: "sgts", label: "storyblok-generate-ts 2.2" },
];

export interface GeneratedTypes {
  /** The module (relative to the output folder, no extension) that exports every type below. */
  entry: string;
  /** Component name → exported type name. */
  blocks: Map<string, string>;
  /** A project's field-kind type name (storyblok-generate-ts's naming) → this generator's type expression over `G.` (the entry). */
  fieldKinds: Record<string, string>;
  /** The files written, relative to the output folder, for the `any` count. */
  files: string[];
}

const repo = join(import.meta.dirname, "..", "..");
const bin = (path: string) => join(repo, "node_modules", path);

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(process.execPath, args, { cwd, encoding: "utf8", env });
  if (result.status !== 0) throw new Error(`adoption: ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

/** The schema's components, whichever form the export has (`{ components: […] }` or the CLI 4 array). */
function components(schemaJson: unknown): unknown[] {
  return Array.isArray(schemaJson) ? schemaJson : ((schemaJson as { components: unknown[] }).components ?? []);
}

/** What the project's requests resolve, as an adopter of ours declares it (see AdoptionProject.requests). */
export interface DeclaredRequests {
  resolveRelations: string[];
  resolveLinks?: string;
}

export function generate(id: GeneratorId, schemaPath: string, outDir: string, requests?: DeclaredRequests): GeneratedTypes {
  mkdirSync(outDir, { recursive: true });
  if (id === "ours") {
    const relations = join(outDir, "..", "ours.relations.json");
    const declared = { resolve_relations: requests?.resolveRelations ?? [], resolve_links: requests?.resolveLinks };
    writeFileSync(relations, `${JSON.stringify(declared, null, 2)}\n`);
    const args = ["generate", "--schema", schemaPath, "--relations", relations, "--out", outDir];
    run([bin("storyblok-typed-codegen/dist/cli/bin.cjs"), ...args], outDir);
    const componentsTs = readFileSync(join(outDir, "components.ts"), "utf8");
    return {
      entry: "index",
      blocks: oursTypeNames(componentsTs),
      fieldKinds: {
        AssetStoryblok: "G.StoryblokAsset",
        MultiassetStoryblok: "G.StoryblokAsset[]",
        MultilinkStoryblok: "G.StoryblokLink",
        RichtextStoryblok: "G.RichTextDoc<G.NestableBlok>",
        TableStoryblok: "G.StoryblokTable",
      },
      files: readdirSync(outDir).filter((f) => f.endsWith(".ts")),
    };
  }
  if (id === "cli") {
    const space = "1";
    const work = join(outDir, "cli-work");
    const pulled = join(work, ".storyblok", "components", space);
    mkdirSync(pulled, { recursive: true });
    writeFileSync(join(pulled, "components.json"), JSON.stringify(components(JSON.parse(readFileSync(schemaPath, "utf8")))));
    run([bin("storyblok/dist/index.mjs"), "types", "generate", "--space", space], work, {
      ...process.env,
      // A login is required before any command; nothing is sent (the preload refuses every non-local host).
      STORYBLOK_LOGIN: "adoption-bench",
      STORYBLOK_TOKEN: "adoption-bench",
      STORYBLOK_REGION: "eu",
      STORYBLOK_LOCAL_URL: "http://127.0.0.1:9",
      NODE_OPTIONS: `--import ${join(repo, "scripts", "storyblok-local-preload.mjs")}`,
    });
    // Its layout kept: the components' file imports `../storyblok.d.ts`.
    cpSync(join(work, ".storyblok", "types"), join(outDir, "types"), { recursive: true });
    const componentsDts = readFileSync(join(outDir, "types", space, "storyblok-components.d.ts"), "utf8");
    writeFileSync(join(outDir, "entry.d.ts"), 'export * from "./types/1/storyblok-components";\nexport * from "./types/storyblok";\n');
    return {
      entry: "entry",
      blocks: theirTypeNames(componentsDts),
      fieldKinds: {
        AssetStoryblok: "G.StoryblokAsset",
        MultiassetStoryblok: "G.StoryblokMultiasset",
        MultilinkStoryblok: "G.StoryblokMultilink",
        RichtextStoryblok: "G.StoryblokRichtext",
        TableStoryblok: "G.StoryblokTable",
      },
      files: [join("types", space, "storyblok-components.d.ts"), join("types", "storyblok.d.ts")],
    };
  }
  // storyblok-generate-ts appends `.d.ts` to its target.
  run([bin("storyblok-generate-ts/dist/cli.js"), `source=${schemaPath}`, `target=${join(outDir, "components")}`], outDir);
  const output = readFileSync(join(outDir, "components.d.ts"), "utf8");
  return {
    entry: "components",
    blocks: theirTypeNames(output),
    fieldKinds: Object.fromEntries(
      ["AssetStoryblok", "MultiassetStoryblok", "MultilinkStoryblok", "RichtextStoryblok", "TableStoryblok"].map((n) => [n, `G.${n}`]),
    ),
    files: ["components.d.ts"],
  };
}
