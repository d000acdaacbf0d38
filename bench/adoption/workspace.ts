/**
 * A throw-away copy of a project's checkout, set up for one generator: its
 * node_modules (the lockfile's packages), the shim in place of its type
 * module, ambient stubs for the packages not installed, and a tsconfig with
 * the project's own resolution options under `--strict`.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative } from "node:path";
import { type GeneratedTypes, type GeneratorId, generate } from "./generators";
import type { AdoptionProject } from "./projects";
import { shimSource } from "./shim";

/** Where the generator's output goes inside the copy; errors under it are in generated code. */
export const GENERATED_DIR = ".adoption-gen";
export const TSCONFIG = "tsconfig.adoption.json";
const STUBS = ".adoption-stubs.d.ts";
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const repo = join(import.meta.dirname, "..", "..");

export interface Workspace {
  dir: string;
  generated?: GeneratedTypes;
  unmapped: string[];
  stubbed: string[];
}

/** `variant` "own" keeps the project's committed types: the baseline that shows what is not the generators'. */
export function prepareWorkspace(
  checkout: string,
  project: AdoptionProject,
  nodeModules: string,
  variant: GeneratorId | "own",
  dir: string,
): Workspace {
  cpSync(checkout, dir, { recursive: true, filter: (src) => !/[/\\](?:\.git|node_modules)$/.test(src) });
  symlinkSync(nodeModules, join(dir, "node_modules"), "dir");
  let generated: GeneratedTypes | undefined;
  let unmapped: string[] = [];
  if (variant !== "own") {
    const outDir = join(dir, GENERATED_DIR, variant);
    generated = generate(variant, join(checkout, project.schema), outDir, project.requests);
    const shimPath = join(dir, project.typesModule);
    const ownModule = readFileSync(shimPath, "utf8");
    let importPath = relative(dirname(shimPath), join(outDir, generated.entry));
    if (!importPath.startsWith(".")) importPath = `./${importPath}`;
    const shim = shimSource(ownModule, generated, importPath);
    writeFileSync(shimPath, shim.source);
    unmapped = shim.unmapped;
  }
  const stubbed = writeStubs(dir, nodeModules, project);
  writeTsconfig(dir, project);
  return { dir, generated, unmapped, stubbed };
}

function sourceFiles(dir: string, under = ""): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = join(under, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(dir, path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

/** The package a bare specifier names (`@scope/pkg/sub` → `@scope/pkg`), or undefined for a path or alias. */
function packageName(specifier: string, aliases: string[]): string | undefined {
  // A path, an alias, or a URL-like specifier (`file:`, `data:`): none is a package.
  if (/^[./]/.test(specifier) || specifier.includes(":") || aliases.some((a) => specifier.startsWith(a))) return undefined;
  if (builtinModules.includes(specifier.split("/")[0]!)) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * Ambient stubs: style and image imports, and every package the project's code
 * imports that is not installed (its UI libraries, the framework's server
 * parts), so each error tsc reports is about the Storyblok types. A stubbed
 * import is `any`: what the renderers hand it is not checked.
 */
function writeStubs(dir: string, nodeModules: string, project: AdoptionProject): string[] {
  const paths = (project.compilerOptions.paths ?? {}) as Record<string, string[]>;
  const aliases = Object.keys(paths).map((p) => p.replace(/\*$/, ""));
  const missing = new Set<string>();
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(join(dir, file), "utf8");
    for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+|require\s*\(\s*)["']([^"']+)["']/g)) {
      const name = packageName(m[1]!, aliases);
      if (name && name !== "storyblok-generate-ts" && !existsSync(join(nodeModules, name))) missing.add(name);
    }
  }
  const stubbed = [...missing].sort((a, b) => a.localeCompare(b, "en-us"));
  const lines = [
    'declare module "*.css" { const classes: Record<string, string>; export default classes; }',
    ...["svg", "png", "jpg", "jpeg", "webp", "gif"].map((ext) => `declare module "*.${ext}" { const src: string; export default src; }`),
    ...stubbed.flatMap((name) => [`declare module ${JSON.stringify(name)};`, `declare module ${JSON.stringify(`${name}/*`)};`]),
  ];
  writeFileSync(join(dir, STUBS), `${lines.join("\n")}\n`);
  return stubbed;
}

/** The renderer files, from the project's patterns (one `*` matches within a path segment). */
function rendererFiles(dir: string, project: AdoptionProject): string[] {
  const patterns = project.renderers.map(
    (p) =>
      new RegExp(
        `^${p
          .split("*")
          .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
          .join("[^/]*")}$`,
      ),
  );
  return sourceFiles(dir)
    .filter((f) => patterns.some((p) => p.test(f)) && !project.excludeRenderers?.test(f))
    .sort((a, b) => a.localeCompare(b, "en-us"));
}

function writeTsconfig(dir: string, project: AdoptionProject): void {
  const roots = rendererFiles(dir, project);
  if (roots.length === 0) throw new Error(`adoption: no renderer in ${dir} matches ${project.renderers.join(", ")}`);
  const compilerOptions = {
    ...project.compilerOptions,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    forceConsistentCasingInFileNames: true,
    module: "esnext",
    types: existsSync(join(dir, "node_modules", "@types", "node")) ? ["node"] : [],
    paths: {
      ...((project.compilerOptions.paths ?? {}) as Record<string, string[]>),
      // storyblok-generate-ts's output (and a renderer or two) import its story type from the package.
      "storyblok-generate-ts": [join(repo, "node_modules", "storyblok-generate-ts", "dist", "index.d.ts")],
    },
  };
  const tsconfig = { compilerOptions, files: [STUBS, project.typesModule, ...roots] };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, TSCONFIG), `${JSON.stringify(tsconfig, null, 2)}\n`);
}
