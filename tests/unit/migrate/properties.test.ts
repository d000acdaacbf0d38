/**
 * Properties of the migration helpers, the runner and reference rewriting,
 * over generated content (support/content-trees.ts) and generated text:
 * blocks nested in blocks and in rich text, every field a reference sits
 * in, falsy values, and every line-break style. Where the examples in
 * helpers.test.ts pick a few cases, these check the rule on whatever
 * fast-check makes of it (seeded, so a failure replays; 200 runs each).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/content/sources/local-cdn/story-types";
import { referencesIn, rewriteReferences } from "../../../tools/space-push/rewrite-references";
import { joinText, moveInto, orDefault, renameField, richTextToText, splitText, textToRichText } from "../../../tools/migrations/helpers";
import { migrateStory, type LoadedMigration } from "../../../tools/migrations/run/migrate-story";
import { contentTree, mapBlocks, plainValue, RELATION_FIELDS, type Tree } from "./support/content-trees";

const RUNS = { numRuns: 200, seed: 37 };
const check = <T>(arbitrary: fc.Arbitrary<T>, property: (value: T) => void) => fc.assert(fc.property(arbitrary, property), RUNS);

const migration = (blocks: LoadedMigration["blocks"]): LoadedMigration => ({ id: "20260101000000-property", blocks });

describe("the runner, over nested blocks and blocks in rich text", () => {
  it("a field renamed in one kind of block is renamed in every such block at any depth, its value kept however falsy; nothing else changes", () => {
    const rename = (block: Tree) => renameField(block, "x", "y");
    check(contentTree, (content) => {
      const { story } = migrateStory({ content }, [migration({ a: rename as never })]);
      expect(story.content).toEqual(mapBlocks(content, "a", rename));
    });
  });

  it("a block split in two by moveInto keeps every moved value, falsy ones too, in the new block, and leaves the rest", () => {
    const split = (block: Tree) => {
      const { rest, nested } = moveInto(block as Tree & { component: string; _uid: string; x: unknown }, "m", { moved: "x" });
      return [rest, nested] as Tree[];
    };
    check(contentTree, (content) => {
      const { story } = migrateStory({ content }, [migration({ b: split as never })]);
      expect(story.content).toEqual(mapBlocks(content, "b", split));
    });
  });

  it("leaves the story it is given untouched", () => {
    check(contentTree, (content) => {
      const before = structuredClone(content);
      migrateStory({ content }, [migration({ a: ((block: Tree) => ({ ...block, x: "changed" })) as never })]);
      expect(content).toEqual(before);
    });
  });
});

describe("moveInto, renameField and orDefault on falsy values", () => {
  it("moveInto moves every defined value, falsy ones too, and keeps the others in place", () => {
    check(fc.record({ x: fc.option(plainValue, { nil: undefined }), keep: plainValue }), ({ x, keep }) => {
      const block = { _uid: "u", component: "b", keep, ...(x === undefined ? {} : { x }) };
      const { rest, nested } = moveInto(block, "m", { moved: "x" } as const);
      expect(rest).toEqual({ _uid: "u", component: "b", keep });
      expect(Object.hasOwn(nested, "moved")).toBe(x !== undefined);
      if (x !== undefined) expect(nested.moved).toBe(x);
    });
  });

  it("renameField keeps the value and the field's place among the others", () => {
    check(fc.tuple(plainValue, plainValue, plainValue), ([first, value, last]) => {
      const renamed = renameField({ first, old: value, last }, "old", "new");
      expect(Object.entries(renamed)).toEqual([
        ["first", first],
        ["new", value],
        ["last", last],
      ]);
    });
  });

  it('orDefault falls back only for a missing value, null and "", never for 0 or false', () => {
    check(plainValue, (value) => {
      const empty = value === null || value === "";
      expect(orDefault(value, "fallback")).toBe(empty ? "fallback" : value);
    });
  });
});

describe("text and rich text, in every line-break style", () => {
  const word = fc.stringMatching(/^[a-zA-Z0-9.,!?]{1,6}$/);
  const line = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(" "));
  const paragraph = fc.array(line, { minLength: 1, maxLength: 3 });
  const lineBreak = fc.constantFrom("\n", "\r\n", "\r");
  // A blank line in each style, and mixed ones: two breaks in a row, never a CR then an LF (that is one CRLF).
  const paragraphBreak = fc.constantFrom("\n\n", "\r\n\r\n", "\r\r", "\r\n\n", "\n\r\n", "\n\r", "\r\n\r");
  const joined = <T>(items: T[], breaks: string[], text: (item: T) => string) =>
    items.map((item, index) => (index === 0 ? "" : breaks[index - 1]!) + text(item)).join("");
  /** Paragraphs as an editor's text has them: lines joined by a line break, paragraphs by a blank line, each in any style. */
  const text = fc
    .array(fc.tuple(paragraph, fc.array(lineBreak, { minLength: 3, maxLength: 3 })), { minLength: 1, maxLength: 4 })
    .chain((paragraphs) => fc.tuple(fc.constant(paragraphs), fc.array(paragraphBreak, { minLength: 4, maxLength: 4 })))
    .map(([paragraphs, breaks]) => ({
      paragraphs: paragraphs.map(([lines]) => lines),
      text: joined(paragraphs, breaks, ([lines, lineBreaks]) => joined(lines, lineBreaks, (line) => line)),
    }));

  it("textToRichText makes a paragraph per blank-line-separated part and a hard break per line break, \\n, \\r\\n or \\r, and richTextToText gives the text back with \\n", () => {
    check(text, ({ paragraphs, text: written }) => {
      const doc = textToRichText(written);
      expect(doc.content).toHaveLength(paragraphs.length);
      expect(JSON.stringify(doc)).not.toMatch(/\\r|\\n/);
      expect(richTextToText(doc)).toBe(paragraphs.map((lines) => lines.join("\n")).join("\n\n"));
    });
  });

  it("joinText then splitText gives back two trimmed parts that hold no separator", () => {
    check(fc.tuple(line, line, fc.constantFrom(" – ", "|", "\r\n", "\n")), ([before, after, separator]) => {
      expect(splitText(joinText([before, "", null, undefined, after], separator), separator)).toEqual([before, after]);
    });
  });
});

describe("reference rewriting, over every field a reference sits in", () => {
  const targets = {
    storyUuid: (uuid: string) => `space-${uuid}`,
    asset: (path: string) => ({ id: 1000 + Number(/\d+/.exec(path)?.[0] ?? 0), filename: `https://a.example${path}` }),
  };
  const json = (value: unknown) => JSON.stringify(value);

  it("rewrites every story uuid and local asset path in a reference position, and nothing else: decoys and falsy values stay", () => {
    check(contentTree, (content) => {
      const { content: rewritten, missingStories, missingAssets } = rewriteReferences(content as JsonObject, RELATION_FIELDS, targets);
      expect([missingStories.size, missingAssets.size]).toEqual([0, 0]);
      // No story uuid or local asset path of the content is left where a reference goes...
      expect(json(rewritten)).not.toMatch(/"story-\d|"\/assets\/f-/);
      // ...and every decoy is where it was: the same number of each, none rewritten.
      for (const pattern of [/"decoy-\d+"/g, /"\/assets\/decoy-\d+\.svg"/g, /"space-decoy/g])
        expect(json(rewritten).match(pattern)?.length).toBe(json(content).match(pattern)?.length);
    });
  });

  it("lists the references it rewrites, and rewriting the stories back gives the content's uuids again", () => {
    check(contentTree, (content) => {
      const { stories } = referencesIn(content as JsonObject, RELATION_FIELDS);
      expect([...stories].every((uuid) => uuid.startsWith("story-"))).toBe(true);
      expect(stories.size).toBe(new Set(json(content).match(/story-\d+/g) ?? []).size);
      const there = rewriteReferences(content as JsonObject, RELATION_FIELDS, {
        storyUuid: targets.storyUuid,
        asset: () => undefined,
      }).content;
      const back = rewriteReferences(there, RELATION_FIELDS, {
        storyUuid: (uuid) => uuid.replace(/^space-/, ""),
        asset: () => undefined,
      }).content;
      expect(back).toEqual(content);
    });
  });
});
