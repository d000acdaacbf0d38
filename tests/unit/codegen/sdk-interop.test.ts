import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderRichText, type SbRichTextDoc } from "@storyblok/js";
import { describe, expect, it } from "vitest";
import { richTextForSdk, storyForSdk, type RichTextDoc, type StoryblokStory } from "../../../src/generated";
import { compile, REPO, run, withConsumer, type RawComponent } from "./helpers";

/**
 * Each generated field kind is assignable to the public type the SDKs give
 * that kind: @storyblok/react (7.2), @storyblok/js (6.3) and
 * storyblok-js-client (7.7), as installed. An adopter's helpers typed against
 * them take our values without a cast. One schema with every kind, every
 * relation and link declared resolved, so the default types at their widest.
 */
const EVERY_KIND: RawComponent[] = [
  {
    name: "page",
    is_root: true,
    schema: {
      title: { type: "text", required: true },
      summary: { type: "textarea" },
      notes: { type: "markdown" },
      count: { type: "number" },
      date: { type: "datetime" },
      flag: { type: "boolean" },
      theme: { type: "option", options: [{ value: "light" }, { value: "dark" }] },
      tags: { type: "options", options: [{ value: "a" }] },
      header: { type: "option", source: "internal_stories", filter_content_type: ["page"] },
      related: { type: "options", source: "internal_stories" },
      image: { type: "asset", filetypes: ["images"] },
      gallery: { type: "multiasset" },
      cta: { type: "multilink", email_link_type: true, asset_link_type: true },
      text: { type: "richtext" },
      facts: { type: "table" },
      color: { type: "custom", field_type: "native-color-picker" },
      body: { type: "bloks" },
    },
  },
  { name: "quote", is_nestable: true, schema: { text: { type: "text" }, by: { type: "multilink" } } },
];

const DECLARED = { relations: { resolve_relations: ["page.header", "page.related"] }, resolveLinks: "story" };

const CASES = `
import type { ISbStoryData as ReactStoryData, SbBlokData as ReactBlok, SbRichTextDoc as ReactRichText } from "@storyblok/react";
import type { ISbStoryData as JsStoryData, SbBlokData as JsBlok, SbRichTextDoc as JsRichText, StoryblokComponentType } from "@storyblok/js";
import type { ISbComponentType, ISbStoryData } from "storyblok-js-client";
import { storyForSdk, type AnyBlok, type PageBlok, type PageStory, type StoryblokAsset, type StoryblokMultilink, type StoryblokStory } from "./generated";

/** true only when every member of T is assignable to U. */
type Every<T, U> = [T extends U ? never : T] extends [never] ? true : false;

// Blocks, every kind of field in them: SbBlokData of @storyblok/react and @storyblok/js, the client's component type.
export const reactBlok: Every<AnyBlok, ReactBlok> = true;
export const jsBlok: Every<AnyBlok, JsBlok> = true;
export const clientBlok: Every<AnyBlok, ISbComponentType<string>> = true;
export const jsComponentType: Every<AnyBlok, StoryblokComponentType<string>> = true;
export const blokHelper = (blok: ReactBlok) => blok._uid;
export const called = (page: PageBlok) => [blokHelper(page), ...(page.body ?? []).map(blokHelper)];

// Stories, their content and the stories relations and links resolve to: ISbStoryData, all but \`path\`,
// which Storyblok sends as null unless an editor set a real path (every story recorded in tests/fixtures/cdn
// but one); the SDK says \`path?: string\`. storyForSdk (below) is the way across.
type StoryLike<S> = Omit<S, "path">;
export const clientStory: Every<StoryLike<PageStory>, StoryLike<ISbStoryData>> = true;
export const reactStory: Every<StoryLike<PageStory>, StoryLike<ReactStoryData>> = true;
export const jsStory: Every<StoryLike<PageStory>, StoryLike<JsStoryData>> = true;
export const resolvedStory: Every<StoryLike<Exclude<NonNullable<PageBlok["header"]>, string>>, StoryLike<ISbStoryData>> = true;
type LinkedStory = NonNullable<Extract<NonNullable<PageBlok["cta"]>, { linktype: "story" }>["story"]>;
export const linkedStory: Every<StoryLike<LinkedStory>, StoryLike<ISbStoryData>> = true;
export const resolvedStoryAcross = (story: Exclude<NonNullable<PageBlok["header"]>, string>): ISbStoryData => storyForSdk(story);
export const linkedStoryAcross = (story: LinkedStory): ISbStoryData => storyForSdk(story);

// Field values as delivered: an asset's focus, alt, title and copyright are always sent, null when empty.
export const focus = (asset: StoryblokAsset): string | null => asset.focus;
export const alt = (asset: StoryblokAsset): string | null => asset.alt;
export const links = (link: StoryblokMultilink<"story" | "url">): [string, string, string] => [link.id, link.url, link.cached_url];
export const stories = (story: StoryblokStory<PageBlok>): [string | null, string[], boolean] => [story.published_at, story.tag_list, story.is_startpage];

// Rich text: the document always has content (Storyblok's OpenAPI description, every recorded answer), as the
// SDKs' document types say; RICH_TEXT_CASES checks below the root.
type IsRequired<D, K extends keyof D> = undefined extends D[K] ? false : true;
export const reactDoc: IsRequired<ReactRichText, "content"> = true;
export const jsDoc: IsRequired<JsRichText, "content"> = true;
export const ourDoc: IsRequired<NonNullable<PageBlok["text"]>, "content"> = true;
export const content = (doc: NonNullable<PageBlok["text"]>): unknown[] => doc.content;

// The way across where the SDK's type is not what Storyblok delivers: a story without its null \`path\`.
export const clientStoryAcross = (story: PageStory): ISbStoryData => storyForSdk(story);
export const reactStoryAcross = (story: PageStory): ReactStoryData => storyForSdk(story);
export const jsStoryAcross = (story: PageStory): JsStoryData => storyForSdk(story);
`;

/**
 * Below the root: every node and mark kind against @storyblok/react's and
 * @storyblok/js's (each with its own @storyblok/richtext). A node is checked
 * without its \`content\` and \`marks\`, which are nodes and marks checked
 * kind by kind, so the document is checked at every depth. A kind where the
 * SDK asks for what Storyblok's content does not hold is an expected error
 * naming where that content is recorded, and the rest of that kind must agree.
 * storyblok-js-client has no rich-text type: it leaves rendering to
 * @storyblok/richtext, which these two re-export.
 */
const RICH_TEXT_CASES = `
import type { SbRichTextDoc as ReactDoc, SbRichTextMark as ReactMark, SbRichTextNode as ReactNode, SbBlokKeyDataTypes as ReactValue } from "@storyblok/react";
import { renderRichText } from "@storyblok/react";
import type { SbRichTextDoc as JsDoc, SbRichTextMark as JsMark, SbRichTextNode as JsNode, SbBlokKeyDataTypes as JsValue } from "@storyblok/js";
import type { ISbStoryData } from "storyblok-js-client";
import { richTextForSdk, type LinkType, type PageBlok, type RichTextMark, type StoryblokAsset, type StoryblokMultilink } from "./generated";

/** true only when every member of T is assignable to U. */
type Every<T, U> = [T extends U ? never : T] extends [never] ? true : false;
type Doc = NonNullable<PageBlok["text"]>;
type Node = Doc["content"][number];
type Kind<U, K> = Extract<U, { type: K }>;
/** A node or mark as it is on its own: its children and marks are checked as nodes and marks. */
type Own<N> = N extends unknown ? { [P in keyof N as P extends "content" | "marks" ? never : P]: N[P] } : never;
/** Own<N> with the named attributes left out, the SDK's index signatures kept. */
type Dropping<Attrs, A> = Attrs extends object ? { [P in keyof Attrs as P extends A ? never : P]: Attrs[P] } : Attrs;
type Without<N, A> = N extends unknown ? { [P in keyof Own<N>]: P extends "attrs" ? Dropping<Own<N>[P], A> : Own<N>[P] } : never;

type AgreedNode = "doc" | "text" | "blockquote" | "bullet_list" | "ordered_list" | "list_item" | "code_block" | "horizontal_rule" | "hard_break" | "table" | "tableRow" | "tableCell" | "tableHeader";
type DisagreedNode = "paragraph" | "heading" | "image" | "emoji" | "blok";
type AgreedMark = "bold" | "italic" | "strike" | "underline" | "code" | "superscript" | "subscript" | "link" | "anchor" | "styled" | "textStyle";
type DisagreedMark = "highlight" | "strong";
// Every kind is in one list or the other, so a new kind is checked too.
export const nodeKinds: Every<Node["type"], AgreedNode | DisagreedNode> = true;
export const markKinds: Every<RichTextMark["type"], AgreedMark | DisagreedMark> = true;

// Agreed kinds, at every depth: a link's five attributes, a code block's class (always sent), all the rest.
export const reactNodes: Every<Own<Kind<Node, AgreedNode>>, Own<ReactNode>> = true;
export const jsNodes: Every<Own<Kind<Node, AgreedNode>>, Own<JsNode>> = true;
export const reactMarks: Every<Kind<RichTextMark, AgreedMark>, ReactMark> = true;
export const jsMarks: Every<Kind<RichTextMark, AgreedMark>, JsMark> = true;

// @ts-expect-error a blok node's id: absent from the blok node of tests/fixtures/cdn/monoblok-js/richTextObject.json
export const reactBlokNode: Every<Own<Kind<Node, "blok">>, Own<ReactNode>> = true;
// @ts-expect-error a blok node's id: absent from the blok node of tests/fixtures/cdn/monoblok-js/richTextObject.json
export const jsBlokNode: Every<Own<Kind<Node, "blok">>, Own<JsNode>> = true;
export const reactBlokRest: Every<Without<Kind<Node, "blok">, "id">, Without<Kind<ReactNode, "blok">, "id">> = true;
export const jsBlokRest: Every<Without<Kind<Node, "blok">, "id">, Without<Kind<JsNode, "blok">, "id">> = true;

// @ts-expect-error a highlight's color: null in @storyblok/richtext's own "highlight mark" fixture (test-utils, tests/unit/richtext/corpus.ts)
export const reactHighlight: Every<Kind<RichTextMark, "highlight">, ReactMark> = true;
// @ts-expect-error a highlight's color: null in @storyblok/richtext's own "highlight mark" fixture (test-utils, tests/unit/richtext/corpus.ts)
export const jsHighlight: Every<Kind<RichTextMark, "highlight">, JsMark> = true;
export const reactHighlightRest: Every<Without<Kind<RichTextMark, "highlight">, "color">, Without<Kind<ReactMark, "highlight">, "color">> = true;
export const jsHighlightRest: Every<Without<Kind<RichTextMark, "highlight">, "color">, Without<Kind<JsMark, "highlight">, "color">> = true;

// @ts-expect-error the strong mark: in no recorded answer, and in no SDK type; Storyblok's Ruby renderer and storyblok-js-client's former resolver render it
export const reactStrong: Every<Kind<RichTextMark, "strong">, ReactMark> = true;
// @ts-expect-error the strong mark: in no recorded answer, and in no SDK type; Storyblok's Ruby renderer and storyblok-js-client's former resolver render it
export const jsStrong: Every<Kind<RichTextMark, "strong">, JsMark> = true;

// Attributes the editor added over time, which the SDK requires on every node: a heading holds only its level in
// tests/fixtures/hostile-content/stories/projects/hostile-neighbour.json and the site's content/stories; no recorded
// answer holds a heading, image or emoji. Storyblok's reference documents give them all; ours keep them optional.
// @ts-expect-error a heading without textAlign (hostile-neighbour.json), and textAlign is any string in ours
export const reactHeading: Every<Own<Kind<Node, "heading">>, Own<ReactNode>> = true;
// @ts-expect-error a paragraph's attrs: in none of the 43 recorded paragraphs (tests/fixtures/cdn); ours do not require textAlign in them
export const reactParagraph: Every<Own<Kind<Node, "paragraph">>, Own<ReactNode>> = true;
// @ts-expect-error an image's id, title, source, copyright and meta_data (alt too, optional in ours): an image in tests/fixtures/hostile-content (hostile.json) has src and alt only
export const reactImage: Every<Own<Kind<Node, "image">>, Own<ReactNode>> = true;
// @ts-expect-error an emoji's fallbackImage: the emoji in tests/fixtures/hostile-content (hostile.json) has name and emoji only; ours allow a null emoji
export const reactEmoji: Every<Own<Kind<Node, "emoji">>, Own<ReactNode>> = true;
export const reactHeadingRest: Every<Without<Kind<Node, "heading">, "textAlign">, Without<Kind<ReactNode, "heading">, "textAlign">> = true;
export const reactParagraphRest: Every<Without<Kind<Node, "paragraph">, "textAlign">, Without<Kind<ReactNode, "paragraph">, "textAlign">> = true;
export const reactImageRest: Every<
  Without<Kind<Node, "image">, "id" | "title" | "source" | "copyright" | "meta_data" | "alt">,
  Without<Kind<ReactNode, "image">, "id" | "title" | "source" | "copyright" | "meta_data" | "alt">
> = true;
export const reactEmojiRest: Every<Without<Kind<Node, "emoji">, "emoji" | "fallbackImage">, Without<Kind<ReactNode, "emoji">, "emoji" | "fallbackImage">> = true;
// @ts-expect-error a heading without textAlign (hostile-neighbour.json), and textAlign is any string in ours
export const jsHeading: Every<Own<Kind<Node, "heading">>, Own<JsNode>> = true;
// @ts-expect-error a paragraph's attrs: in none of the 43 recorded paragraphs (tests/fixtures/cdn); ours do not require textAlign in them
export const jsParagraph: Every<Own<Kind<Node, "paragraph">>, Own<JsNode>> = true;
// @ts-expect-error an image's id, title, source, copyright and meta_data (alt too, optional in ours): an image in tests/fixtures/hostile-content (hostile.json) has src and alt only
export const jsImage: Every<Own<Kind<Node, "image">>, Own<JsNode>> = true;
// @ts-expect-error an emoji's fallbackImage: the emoji in tests/fixtures/hostile-content (hostile.json) has name and emoji only; ours allow a null emoji
export const jsEmoji: Every<Own<Kind<Node, "emoji">>, Own<JsNode>> = true;
export const jsHeadingRest: Every<Without<Kind<Node, "heading">, "textAlign">, Without<Kind<JsNode, "heading">, "textAlign">> = true;
export const jsParagraphRest: Every<Without<Kind<Node, "paragraph">, "textAlign">, Without<Kind<JsNode, "paragraph">, "textAlign">> = true;
export const jsImageRest: Every<
  Without<Kind<Node, "image">, "id" | "title" | "source" | "copyright" | "meta_data" | "alt">,
  Without<Kind<JsNode, "image">, "id" | "title" | "source" | "copyright" | "meta_data" | "alt">
> = true;
export const jsEmojiRest: Every<Without<Kind<Node, "emoji">, "emoji" | "fallbackImage">, Without<Kind<JsNode, "emoji">, "emoji" | "fallbackImage">> = true;

// The asset and the multilink: neither SDK has a type of its own for them; as a block's field values they are SbBlokKeyDataTypes.
export const reactAsset: Every<StoryblokAsset, ReactValue> = true;
export const jsAsset: Every<StoryblokAsset, JsValue> = true;
export const reactLink: Every<StoryblokMultilink<LinkType, ISbStoryData>, ReactValue> = true;
export const jsLink: Every<StoryblokMultilink<LinkType, ISbStoryData>, JsValue> = true;

// The way across: a generated document, passed on unchanged, typed as the SDK's document.
export const reactAcross = (doc: Doc): ReactDoc => richTextForSdk(doc);
export const jsAcross = (doc: Doc): JsDoc => richTextForSdk(doc);
export const rendered = (doc: Doc): string => renderRichText(richTextForSdk<ReactDoc>(doc));
// @ts-expect-error only a generated document goes in
export const notOurs = richTextForSdk<ReactDoc>({ type: "doc", content: [{ type: "marquee" }] });
`;

describe("the generated types against the SDKs' public types", () => {
  it("blocks, stories and field values are assignable where the SDK describes what Storyblok sends", () => {
    expect(compile(withConsumer(run(EVERY_KIND, DECLARED), CASES))).toEqual([]);
  });

  it("the same holds with nothing declared", () => {
    expect(compile(withConsumer(run(EVERY_KIND), CASES.replace(/^.*(resolvedStory|linkedStory|LinkedStory).*$/gm, "")))).toEqual([]);
  });

  it("rich text, every node and mark kind at every depth, the asset and the multilink: agreed, or an expected error naming the content", () => {
    expect(compile(withConsumer(run(EVERY_KIND, DECLARED), RICH_TEXT_CASES))).toEqual([]);
  });

  it("every expected error stands for a real disagreement, and only there", () => {
    const lines = RICH_TEXT_CASES.split("\n");
    const expected = lines.flatMap((line, index) => (line.startsWith("// @ts-expect-error") ? [index + 2] : []));
    const unguarded = lines.map((line) => (line.startsWith("// @ts-expect-error") ? "//" : line)).join("\n");
    const errorLines = compile(withConsumer(run(EVERY_KIND, DECLARED), unguarded)).map((error) =>
      Number(/consumer\.ts:(\d+):/.exec(error)?.[1]),
    );
    expect(expected.length).toBeGreaterThan(10);
    expect([...new Set(errorLines)]).toEqual(expected);
  });

  it("the kind-by-kind check can fail: a heading is not the SDK's paragraph", () => {
    const wrong = RICH_TEXT_CASES.replace(
      "export const reactNodes: Every<Own<Kind<Node, AgreedNode>>, Own<ReactNode>> = true;",
      'export const reactNodes: Every<Own<Kind<Node, "heading">>, Own<Kind<ReactNode, "paragraph">>> = true;',
    );
    expect(wrong).not.toBe(RICH_TEXT_CASES);
    expect(compile(withConsumer(run(EVERY_KIND, DECLARED), wrong)).join("\n")).toContain("Type 'true' is not assignable to type 'false'");
  });

  it("the assertions can fail: a story's path is null as delivered, which the SDK's type does not allow", () => {
    const strict = `import type { ISbStoryData } from "storyblok-js-client";
import type { PageStory } from "./generated";
export const story = (s: PageStory): ISbStoryData => s;`;
    expect(compile(withConsumer(run(EVERY_KIND, DECLARED), strict)).join("\n")).toContain("Types of property 'path' are incompatible");
  });
});

const recorded = (path: string): unknown => JSON.parse(readFileSync(join(REPO, "tests/fixtures/cdn", path), "utf8"));

describe("the way across, on recorded answers", () => {
  it("storyForSdk leaves out a null path, keeps a real one, and changes nothing else", () => {
    const { stories } = recorded("storyblok-php-client/stories.json") as { stories: StoryblokStory<unknown>[] };
    const { story: home } = recorded("storyblok-php-client/stories-relations.json") as { story: StoryblokStory<unknown> };
    const story = stories[0]!;
    expect(story.path).toBeNull();
    const { path: _nullPath, ...rest } = story;
    expect(storyForSdk(story)).toStrictEqual(rest);
    expect(home.path).toBe("/");
    expect(storyForSdk(home)).toStrictEqual(home);
  });

  it("richTextForSdk passes the document on as it is, and the SDK's renderer renders it, blok nodes without an id included", () => {
    const doc = recorded("monoblok-js/richTextObject.json") as RichTextDoc<{ component: string }>;
    const sdkDoc = richTextForSdk<SbRichTextDoc>(doc);
    expect(sdkDoc).toBe(doc);
    const html = renderRichText(sdkDoc);
    expect(html).toContain("paragraph after empty line");
    expect(html).toContain("an item in a list");
  });
});
