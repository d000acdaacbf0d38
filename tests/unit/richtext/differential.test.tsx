/**
 * Differential test: every document of the corpus rendered by our renderer
 * and by Storyblok's own @storyblok/richtext, both parsed and written out
 * canonically (elements, attributes, text). Our documented additions
 * (render-both.tsx, OUR_ADDITIONS) are taken out first; what differs after
 * that must be one of DELIBERATE, which docs/richtext.md lists.
 */
import { describe, expect, it } from "vitest";
import { ownCases, referenceCases } from "./corpus";
import type { Rewrite } from "./html-tree";
import { compare, OUR_ADDITIONS, THEIR_EXTRAS } from "./render-both";

/** Cases where the output differs on purpose, with what each side renders (canonical HTML). */
const DELIBERATE: Record<string, { ours: string; theirs: string }> = {
  // An emptied field (Storyblok saves one empty paragraph) renders nothing, not an empty <p>.
  "storyblok: empty paragraph": { ours: "", theirs: "<p></p>" },
  "storyblok: renders empty paragraph with alignment": { ours: "", theirs: '<p style="text-align: center"></p>' },
  // Story links are site paths: a leading slash always, and the home story is the site root.
  "link: story slug without a leading slash": {
    ours: '<p><a href="/projects/atlas">a</a></p>',
    theirs: '<p><a href="projects/atlas">a</a></p>',
  },
  "link: the home story": { ours: '<p><a href="/">home</a></p>', theirs: '<p><a href="home">home</a></p>' },
  // Older documents carry `strong` for bold; Storyblok's renderer has no element for it and drops the emphasis.
  "mark: strong (the editor's older name for bold)": { ours: "<p><strong>s</strong></p>", theirs: "<p>s</p>" },
};

const cases = [...referenceCases, ...ownCases];
const applied = new Map<Rewrite, number>();
const results = new Map(cases.map((c) => [c.title, compare(c.doc, applied)]));

describe("rich text against @storyblok/richtext", () => {
  it("has a corpus of Storyblok's reference cases, a recorded document and our own", () => {
    expect(referenceCases.length).toBeGreaterThanOrEqual(66);
    expect(ownCases.length).toBeGreaterThanOrEqual(25);
    expect(new Set(cases.map((c) => c.title)).size).toBe(cases.length);
  });

  it.each(cases.filter((c) => !Object.hasOwn(DELIBERATE, c.title)).map((c) => [c.title]))("renders the same: %s", (title) => {
    const { ours, theirs } = results.get(title)!;
    expect(ours).toBe(theirs);
  });

  it.each(Object.entries(DELIBERATE))("differs as documented: %s", (title, expected) => {
    expect(results.get(title)).toEqual(expected);
  });

  it("uses every documented addition somewhere in the corpus (none is stale)", () => {
    const unused = Object.entries({ ...OUR_ADDITIONS, ...THEIR_EXTRAS })
      .filter(([, rewrite]) => (applied.get(rewrite) ?? 0) === 0)
      .map(([name]) => name);
    expect(unused).toEqual([]);
  });
});
