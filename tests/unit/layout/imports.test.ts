/**
 * The layout's rules, read from the import graph of the whole repository
 * (tests/unit/layout/import-graph.ts): no module reaches itself through its
 * imports, and code depends only downwards: the site (src/) on nothing of the
 * CLI, the generator package (codegen/) on nothing of the repository, the
 * CLI's libraries (tools/) not on its commands (bin/) nor on the generator's
 * CLI layer, and the site's shared parts not on the features that use them.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../../support/repo-root";
import { codeFiles, findCycles, importGraph, importsBetween } from "./import-graph";

const graph = importGraph(REPO, codeFiles(REPO));

/** [what, importer, imported]: every import from the first into the second is a mistake in the layout. */
const FORBIDDEN: [string, RegExp, RegExp][] = [
  ["the site imports the CLI, its tools, tests or benchmarks", /^src\//, /^(bin|tools|tests|bench|scripts)\//],
  ["the generator package imports the repository around it", /^codegen\//, /^(src|bin|tools|tests|bench|scripts|migrations)\//],
  ["the CLI's libraries import its commands", /^tools\//, /^(bin|tests|bench|scripts)\//],
  ["a library imports the generator's CLI layer", /^(tools|src)\//, /^codegen\/cli\//],
  ["the CLI imports tests or benchmarks", /^bin\//, /^(tests|bench|scripts)\//],
  ["the shared UI imports a feature", /^src\/ui\//, /^src\/(blocks|contact|layouts|pages|publishing|views)\//],
  ["the contact form imports a block renderer or a page", /^src\/contact\//, /^src\/(blocks|layouts|pages|views)\//],
  ["a block renderer imports a page or a layout", /^src\/blocks\//, /^src\/(layouts|pages|views)\//],
];

describe("the import graph", () => {
  it("finds a cycle when there is one", () => {
    const cycle = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(findCycles(cycle)).toEqual([["a", "b", "c", "a"]]);
    expect(
      findCycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("reads every kind of import: from, export from, type-only, side effect, import(), .js for .ts, the generator package by name", () => {
    expect(graph.get(join(REPO, "codegen/index.ts"))).toContain(join(REPO, "codegen/generate.ts"));
    expect(graph.get(join(REPO, "bin/commands/exit-codes.ts"))).toEqual([join(REPO, "codegen/index.ts")]);
    expect(graph.get(join(REPO, "bin/commands/blocks.ts"))).toEqual([join(REPO, "codegen/cli/index.ts")]);
    // bin/commands/schema.ts loads the Management API client only when a command needs it.
    expect(graph.get(join(REPO, "bin/commands/schema.ts"))).toContain(join(REPO, "tools/management-api/pull-space-schema.ts"));
    expect(importsBetween(REPO, graph, /^src\/pages\//, /^src\/content\//).length).toBeGreaterThan(0);
  });

  it("has no cycle anywhere in the repository", () => {
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => file.slice(REPO.length + 1)).join(" → "));
    expect(cycles).toEqual([]);
  });

  it.each(FORBIDDEN)("no import where %s", (_what, from, to) => {
    expect(importsBetween(REPO, graph, from, to)).toEqual([]);
  });
});
