/**
 * Hostile content at the content layer: `content validate` rejects every
 * rich-text value the renderer would not render as written (and accepts the
 * differential corpus, which renders as Storyblok does); the data boundary
 * serves a story with such values and says so in one line; no walk over
 * content overflows the stack however deep it nests.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { linkUuids, relationUuids } from "../../../src/content/sources/local-cdn/relations";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { acceptStory } from "../../../src/content/shaping/story-contract";
import { PROJECT_QUERY } from "../../../src/content/access/story-queries";
import { MAX_CONTENT_DEPTH } from "../../../src/content/shaping/content-tree";
import { validateContent } from "../../../tools/content-validation/validate-content";
import { RICH_TEXT_MAX_DEPTH } from "../../../src/validation/rich-text-values";
import { ownCases, referenceCases } from "../richtext/corpus";
import { readFileSync } from "node:fs";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { projectStory, serveForSuite } from "./cdn-harness";

afterEach(() => vi.restoreAllMocks());

const text = (value: string, marks?: unknown[]) => ({ type: "text", text: value, ...(marks && { marks }) });
const doc = (...content: unknown[]) => ({ type: "doc", content });
const link = (attrs: Record<string, unknown>) =>
  doc({ type: "paragraph", content: [text("go", [{ type: "link", attrs: { linktype: "url", ...attrs } }])] });
const nested = (depth: number, bottom: unknown = text("deep")) => {
  let node = bottom;
  for (let i = 0; i < depth; i += 1) node = { type: "blockquote", content: [node] };
  return node;
};
/** The rich-text problems `content validate` finds in a project's description. */
const problemsIn = (description: unknown) =>
  validateContent(projectStory("projects/x", {}, { description }).content).filter((line) =>
    line.startsWith("content(project).description"),
  );

describe("content validate and rich text", () => {
  it.each<[string, unknown, RegExp]>([
    [
      "heading level 7 with a handler",
      doc({ type: "heading", attrs: { level: "7 onclick=alert(1)" }, content: [text("h")] }),
      /content\[0\]: attrs\.level "7 onclick=alert\(1\)" is not a whole number from 1 to 6/,
    ],
    ["heading level 0", doc({ type: "heading", attrs: { level: 0 } }), /attrs\.level 0 is not a whole number from 1 to 6/],
    ["heading level 99", doc({ type: "heading", attrs: { level: 99 } }), /attrs\.level 99 is not/],
    ["a number href", link({ href: 42 }), /marks\[0\]: attrs\.href 42 must be a string/],
    ["a javascript: href", link({ href: "javascript:alert(1)" }), /attrs\.href "javascript:alert\(1\)" is not a safe URL/],
    ["a backslash path", link({ href: "/\\evil.com" }), /is a backslash path/],
    [
      "an event handler attribute",
      link({ href: "/a", custom: { onclick: "x", title: "ok" } }),
      /attrs\.custom object has attributes that are not rendered: onclick/,
    ],
    ["an unknown target", link({ href: "/a", target: "_top" }), /attrs\.target "_top" is not _blank or _self/],
    [
      "a colour that loads a resource",
      doc(text("c", [{ type: "textStyle", attrs: { color: "url(https://t.example)" } }])),
      /attrs\.color "url\(https:\/\/t\.example\)" is not a plain colour/,
    ],
    [
      "a cell span of zero",
      doc({ type: "table", content: [{ type: "tableRow", content: [{ type: "tableCell", attrs: { colspan: 0 } }] }] }),
      /attrs\.colspan 0 is not a whole number from 1 to 1000/,
    ],
    ["attrs that are not an object", doc({ type: "paragraph", attrs: "x" }), /attrs must be an object/],
    [
      "a data: image",
      doc({ type: "image", attrs: { src: "data:image/svg+xml,x" } }),
      /attrs\.src "data:image\/svg\+xml,x" is not a safe URL/,
    ],
    [
      "a code language with markup",
      doc({ type: "code_block", attrs: { class: '"><x' } }),
      /attrs\.class "\\"><x" is not a list of class names/,
    ],
    [
      "too many marks",
      doc(
        text(
          "m",
          Array.from({ length: 20 }, () => ({ type: "bold" })),
        ),
      ),
      /has 20 marks; only the first 16 are rendered/,
    ],
    [
      "an event handler on a heading",
      doc({ type: "heading", attrs: { level: 2, onclick: "alert(1)" } }),
      /attrs onclick is not an attribute of heading/,
    ],
    [
      "nesting past the renderer's limit",
      doc(nested(RICH_TEXT_MAX_DEPTH + 3)),
      new RegExp(`is nested more than ${RICH_TEXT_MAX_DEPTH} levels deep in rich text`),
    ],
  ])("rejects %s", (_name, description, problem) => {
    const problems = problemsIn(description);
    expect(
      problems.some((line) => problem.test(line)),
      problems.join("\n"),
    ).toBe(true);
  });

  it("accepts every document of the differential corpus (they render as written)", () => {
    const found = [...referenceCases, ...ownCases]
      .filter((c) => !JSON.stringify(c.doc).includes('"blok"') && !/unknown (node|mark)/.test(c.title))
      .flatMap((c) => problemsIn(c.doc).map((problem) => `${c.title}: ${problem}`));
    expect(found).toEqual([]);
  });

  it("reports nesting far past the stack's reach without overflowing", () => {
    expect(problemsIn(doc(nested(50_000))).some((line) => line.includes("levels deep in rich text"))).toBe(true);
    let blocks: unknown = { _uid: "b", component: "link", label: "x" };
    for (let i = 0; i < 20_000; i += 1)
      blocks = { _uid: `a${i}`, component: "assets_container", assets: [], title: "t", caption: "", body: [blocks] };
    expect(() => validateContent({ _uid: "p", component: "page", body: [blocks] })).not.toThrow();
  });
});

describe("the data boundary", () => {
  it("serves a story whose rich text is rendered otherwise than written, with one line naming story, block and field", () => {
    const errors = vi.fn();
    const description = doc(
      { type: "heading", attrs: { level: 99 }, content: [text("x")] },
      link({ href: "javascript:alert(1)" }).content[0],
    );
    const story = projectStory("projects/odd", {}, { description });
    expect(acceptStory(story, PROJECT_QUERY, errors)?.content.description).toEqual(description);
    expect(errors).toHaveBeenCalledTimes(1);
    const line = String(errors.mock.calls[0]?.[0]);
    expect(line).toMatch(/^content: projects\/odd shown with changes\. rich text rendered otherwise than written: /);
    expect(line).toContain("content(project).description.content[0]: attrs.level 99");
    expect(line).toContain('content(project).description.content[1].content[0].marks[0]: attrs.href "javascript:alert(1)"');
  });

  it("serves a story whose rich text is malformed (the renderer copes) and names each bad node in its one line", () => {
    const errors = vi.fn();
    const description = doc(null, { type: "paragraph", content: "x" }, text("m", { type: "bold" } as never), {
      type: "blok",
      attrs: { body: null },
    });
    const accepted = acceptStory(projectStory("projects/malformed", {}, { description }), PROJECT_QUERY, errors);
    expect(accepted?.full_slug).toBe("projects/malformed");
    expect(errors).toHaveBeenCalledTimes(1);
    const line = String(errors.mock.calls[0]?.[0]);
    for (const problem of [
      "content[0]: rich-text node without a type",
      "content[1]: content must be an array",
      "content[2]: marks must be an array",
      "content[3]: blok node: attrs.body must be an array",
    ]) {
      expect(line).toContain(`content(project).description.${problem}`);
    }
  });

  it("cuts content nested past the limit with one line, and the rest stays serialisable page props", () => {
    const errors = vi.fn();
    const story = projectStory("projects/deep", {}, { description: doc(nested(3000)) });
    const accepted = acceptStory(story, PROJECT_QUERY, errors);
    expect(accepted).not.toBeNull();
    expect(() => JSON.stringify(accepted)).not.toThrow();
    expect(JSON.stringify(accepted).length).toBeLessThan(MAX_CONTENT_DEPTH * 40);
    expect(
      errors.mock.calls.map(([line]) => String(line)).filter((line) => line.includes(`more than ${MAX_CONTENT_DEPTH} levels deep`)),
    ).toHaveLength(1);
  });

  it("keeps __proto__ keys as data when it copies content", () => {
    const story = projectStory(
      "projects/proto",
      {},
      { description: JSON.parse('{"type":"doc","content":[],"__proto__":{"polluted":true}}') },
    );
    const accepted = acceptStory(story, PROJECT_QUERY, () => {});
    const copied = accepted?.content.description as unknown as Record<string, unknown>;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.hasOwn(copied, "__proto__")).toBe(true);
  });
});

describe("relation and link lookups", () => {
  it("find a story link at the bottom of 100,000 levels", () => {
    const uuid = "0b6f3c1e-4b8e-4f7a-9a51-3d2c8f6e1a77";
    const bottom = text("x", [{ type: "link", attrs: { linktype: "story", uuid, href: "/a" } }]);
    const story = projectStory("projects/deep", {}, { description: doc(nested(100_000, bottom)) }) as unknown as CdnStory;
    expect(linkUuids([story])).toEqual([uuid]);
    expect(relationUuids([story], ["single_card.project"])).toEqual([]);
  });
});

describe("the hostile fixture through the local CDN over HTTP and the real client", () => {
  const fixture = (name: string) =>
    JSON.parse(readFileSync(new URL(`../../fixtures/hostile-content/stories/projects/${name}.json`, import.meta.url), "utf8")) as unknown;
  const served = serveForSuite({
    "stories/projects/hostile.json": fixture("hostile"),
    "stories/projects/hostile-neighbour.json": fixture("hostile-neighbour"),
  });

  it("resolves relations to a story nested 1,600 levels deep, and serves both projects", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const queries = createContentQueries(served.cdn.client());
    const neighbour = await queries.getProjectStory(["hostile-neighbour"]);
    const related = neighbour?.content.related?.[0];
    expect(typeof related === "object" ? related.full_slug : related).toBe("projects/hostile");
    const hostile = await queries.getProjectStory(["hostile"]);
    expect(hostile?.content.title).toContain("Hostile");
    expect(() => JSON.stringify(hostile)).not.toThrow();
    const lines = logged.mock.calls.map(([line]) => String(line));
    const changes = lines.filter((line) => line.startsWith("content: projects/hostile shown with changes. blocks skipped: "));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toContain(
      "content(project).body[0](hero_section).headline: is required. rich text rendered otherwise than written: ",
    );
  });
});
