import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "./helpers";

/**
 * Inside codegen/ data flows one way (model → names and naming → field
 * transforms → emitters): no module may reach itself through its imports,
 * type-only imports included, since they are what made the old loop
 * (symbols.ts reading the emitters' export lists).
 */
const ROOT = join(REPO, "codegen");
const IMPORT = /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // dist/ is the package's build output (.js and .d.ts), not its sources.
    if (statSync(path).isDirectory()) return name === "dist" || name === "node_modules" ? [] : sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** A relative specifier as the file it names (`./x.js` → x.ts, as Node resolves the compiled files); packages and files outside codegen/ are not followed. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ""));
  const file = [`${base}.ts`, join(base, "index.ts"), base].find((path) => existsSync(path) && statSync(path).isFile());
  return file?.startsWith(ROOT) ? file : undefined;
}

export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(IMPORT)].flatMap((match) => resolveImport(file, match[1] ?? match[2]!) ?? []);
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

describe("codegen/ imports", () => {
  it("the walk finds a cycle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c", "a"]]);
    expect(findCycles(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });

  it("reads every kind of import", () => {
    const graph = importGraph([join(ROOT, "index.ts"), join(ROOT, "symbols.ts")]);
    expect(graph.get(join(ROOT, "index.ts"))).toContain(join(ROOT, "generate.ts"));
    expect(graph.get(join(ROOT, "symbols.ts"))).toContain(join(ROOT, "names.ts"));
  });

  it("has no import cycle", () => {
    const cycles = findCycles(importGraph(sourceFiles(ROOT)));
    expect(cycles.map((cycle) => cycle.map((file) => relative(ROOT, file)).join(" → "))).toEqual([]);
  });
});
