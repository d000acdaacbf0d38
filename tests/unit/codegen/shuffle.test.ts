import { describe, expect, it } from "vitest";
import { generate, reportLines, type GenerateOptions } from "storyblok-typed-codegen";
import { fixtureInput, fixtures } from "./fixtures";

/**
 * Output does not depend on input order: the Storyblok UI reorders
 * components, fields, groups, whitelists and datasource entries at will.
 * Each fixture is shuffled 20 times (seeded, so a failure replays) and every
 * byte of output, and every reported line, must stay the same.
 */
const RUNS = 20;

/** mulberry32: a small seeded generator, so a failing shuffle can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Lists whose order carries no meaning for the output; option values are not among them (their order is the editor's). */
const UNORDERED = new Set([
  "components",
  "component_groups",
  "component_whitelist",
  "component_group_whitelist",
  "component_tag_whitelist",
  "filter_content_type",
  "datasources",
  "entries",
  "internal_tag_ids",
]);

/** A deep copy with every object's keys (so fields) and every unordered list in a new order. */
function shuffle(value: unknown, next: () => number, key = ""): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => shuffle(item, next));
    return UNORDERED.has(key) || key === "" ? shuffled(items, next) : items;
  }
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, shuffle(v, next, k)] as const);
  return Object.fromEntries(shuffled(entries, next));
}

function outputOf(input: GenerateOptions): { files: string; report: string[] } {
  const result = generate(input);
  return { files: JSON.stringify(result.files), report: reportLines(result.diagnostics, { verbose: true }) };
}

describe.each(fixtures)("fixture %s", (_name, file) => {
  it(`gives the same bytes and warnings in ${RUNS} shuffled orders`, () => {
    const input = fixtureInput(file);
    const expected = outputOf(input);
    for (let seed = 1; seed <= RUNS; seed += 1) {
      const next = random(seed);
      const documents = shuffled(
        input.documents.map((document) => shuffle(document, next)),
        next,
      );
      const actual = outputOf({ ...input, documents, datasources: shuffle(input.datasources, next) });
      expect(actual.report, `seed ${seed}`).toEqual(expected.report);
      expect(actual.files === expected.files, `seed ${seed}: files differ`).toBe(true);
    }
  });
});

it("the shuffle does reorder what it is given", () => {
  const next = random(1);
  const given = { components: Array.from({ length: 10 }, (_, i) => ({ name: `c${i}`, schema: { a: {}, b: {}, c: {} } })) };
  const mixed = shuffle(given, next) as typeof given;
  expect(mixed.components.map((c) => c.name)).not.toEqual(given.components.map((c) => c.name));
  expect(mixed.components.map((c) => Object.keys(c.schema).join(""))).not.toEqual(given.components.map(() => "abc"));
});
