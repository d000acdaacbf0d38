import { join } from "node:path";
import { renderRichText, type SbRichTextDoc, type StoryblokRichTextInput } from "@storyblok/richtext";
import { describe, expect, it } from "vitest";
import { richTextForSdk, type NestableBlok, type RichTextDoc } from "../../../src/generated";
import { compileProgram, REPO } from "./helpers";

/**
 * SDK compatibility, proven with the real packages (devDependencies for
 * these tests only): every generated block is SbBlokData and goes into
 * storyblokEditable; rich text goes into @storyblok/richtext's renderer.
 */
describe("@storyblok/react and @storyblok/richtext", () => {
  it("the type-test fixture compiles, with its one expected error", () => {
    expect(compileProgram([join(REPO, "tests/fixtures/codegen/sdk-cases.ts")])).toEqual([]);
  });

  it("the real renderer renders every node and mark shape the generated types allow, minimal attributes included", () => {
    const doc: RichTextDoc<NestableBlok> = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "plain" }] },
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Title" }] },
        {
          type: "paragraph",
          attrs: { textAlign: null },
          content: [
            {
              type: "text",
              text: "marked",
              marks: [
                { type: "strong" },
                { type: "link", attrs: { href: "https://example.com", uuid: null, anchor: null, target: null, linktype: null } },
                { type: "highlight", attrs: { color: null } },
              ],
            },
            { type: "hard_break" },
            {
              type: "text",
              text: "styled",
              marks: [
                { type: "styled", attrs: { class: "x" } },
                { type: "textStyle", attrs: {} },
                { type: "anchor", attrs: { id: "a" } },
              ],
            },
          ],
        },
        { type: "blockquote", content: [{ type: "paragraph" }] },
        { type: "bullet_list", content: [{ type: "list_item", content: [{ type: "paragraph" }] }] },
        { type: "ordered_list", content: [{ type: "list_item" }] },
        { type: "code_block", content: [{ type: "text", text: "let x" }] },
        { type: "horizontal_rule" },
        { type: "image", attrs: { src: "https://a.storyblok.com/f/1/a.png" } },
        { type: "emoji", attrs: { name: "smile", emoji: null } },
        {
          type: "blok",
          attrs: {
            body: [
              {
                _uid: "l",
                component: "link",
                label: "x",
                link: { fieldtype: "multilink", linktype: "url", id: "", url: "https://example.com", cached_url: "https://example.com" },
              },
            ],
          },
        },
        { type: "table", content: [{ type: "tableRow", content: [{ type: "tableHeader", content: [] }, { type: "tableCell" }] }] },
      ],
    };
    const html = renderRichText(richTextForSdk<SbRichTextDoc>(doc));
    for (const fragment of ["<h2>Title</h2>", "plain", "marked", "https://example.com", "<hr", "<img", "<table", "<ol", "<blockquote"]) {
      expect(html).toContain(fragment);
    }
    expect(renderRichText({ type: "doc" } as StoryblokRichTextInput)).toBe("");
  });
});
