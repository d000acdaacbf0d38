/**
 * The repository's import graph, from the source text: every relative
 * `import`/`export … from`, side-effect import and `import()` of the
 * TypeScript and JavaScript files under the folders that hold code, type-only
 * imports included (a type-only loop is still a loop in the design), and the
 * generator package's, which the rest imports by name (`storyblok-typed-codegen`),
 * followed to the sources tsconfig.json's `paths` name for its exports.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** The folders that hold code, relative to the repository. */
const CODE_FOLDERS = ["src", "codegen", "bin", "tools", "tests", "bench", "scripts", "netlify", "migrations"];
/** Never walked: installed packages, build output, and fixtures (other projects' code, kept as data). */
const SKIPPED = new Set(["node_modules", "dist", ".next", "fixtures"]);
const CODE_FILE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
const IMPORT = /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

export function codeFiles(repo: string, folders: readonly string[] = CODE_FOLDERS): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return SKIPPED.has(name) ? [] : walk(path);
      return CODE_FILE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
    });
  return folders
    .map((folder) => join(repo, folder))
    .filter((dir) => existsSync(dir))
    .flatMap(walk);
}

/** tsconfig.json's `paths` for the generator package: `storyblok-typed-codegen[/sub]` → its source entry (absolute). */
function packagePaths(repo: string): Map<string, string> {
  const tsconfig = readFileSync(join(repo, "tsconfig.json"), "utf8");
  return new Map(
    [...tsconfig.matchAll(/"(storyblok-typed-codegen(?:\/[\w-]+)?)": \["([^"]+)"\]/g)].map((m) => [m[1]!, resolve(repo, m[2]!)]),
  );
}

/**
 * A relative specifier as the file it names (`./x.js` → x.ts, as Node resolves the compiled files);
 * the generator package's name as its source entry; another package is not followed.
 */
function resolveImport(from: string, specifier: string, packages: ReadonlyMap<string, string> = new Map()): string | undefined {
  if (!specifier.startsWith(".")) return packages.get(specifier);
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.js$/, "");
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.js`,
    `${base}.mjs`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
    join(base, "index.js"),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** file → the files it imports (absolute paths). */
export function importGraph(repo: string, files: readonly string[]): Map<string, string[]> {
  const packages = packagePaths(repo);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(IMPORT)].flatMap((match) => resolveImport(file, (match[1] ?? match[2] ?? match[3])!, packages) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the chain of files that closes it. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (state.get(next) === undefined) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

/** The imports from one part of the repository into another, as `from → to` (paths relative to the repository). */
export function importsBetween(repo: string, graph: ReadonlyMap<string, readonly string[]>, from: RegExp, to: RegExp): string[] {
  return [...graph].flatMap(([file, targets]) => {
    const source = relative(repo, file);
    if (!from.test(source)) return [];
    return targets
      .map((target) => relative(repo, target))
      .filter((target) => to.test(target))
      .map((target) => `${source} → ${target}`);
  });
}
