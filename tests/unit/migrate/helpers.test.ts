/** The helpers migration files use, and that what they build is valid content for the generated validators. */
import { describe, expect, it } from "vitest";
import { validateBlok } from "../../../src/generated/validators";
import {
  derivedUid,
  joinText,
  moveInto,
  newBlock,
  orDefault,
  renameField,
  richTextToText,
  splitText,
  textToRichText,
} from "../../../tools/migrations/helpers";
import type { IntroSectionLike } from "./support/helper-types";

describe("text and rich text", () => {
  it("turns blank lines into paragraphs and line breaks into hard breaks", () => {
    expect(textToRichText("One\nline two\n\n  Second paragraph  ")).toEqual({
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "One" }, { type: "hard_break" }, { type: "text", text: "line two" }] },
        { type: "paragraph", content: [{ type: "text", text: "Second paragraph" }] },
      ],
    });
    expect(textToRichText("")).toEqual({ type: "doc", content: [] });
    expect(textToRichText(undefined)).toBeUndefined();
  });

  it("reads the words back: paragraphs and headings apart, marks and embedded blocks dropped", () => {
    const doc = {
      type: "doc" as const,
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Title" }] },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "A " },
            { type: "text", text: "link", marks: [{ type: "link", attrs: { href: "/x" } }] },
            { type: "hard_break" },
            { type: "text", text: "next" },
          ],
        },
        { type: "blok", attrs: { body: [{ component: "link", _uid: "u", label: "not text" }] } },
        {
          type: "bullet_list",
          content: [{ type: "list_item", content: [{ type: "paragraph", content: [{ type: "text", text: "item" }] }] }],
        },
      ],
    };
    expect(richTextToText(doc)).toBe("Title\n\nA link\nnext\n\nitem");
    expect(richTextToText(textToRichText("a\nb\n\nc"))).toBe("a\nb\n\nc");
    expect(richTextToText(undefined)).toBeUndefined();
  });

  it("builds rich text the generated validators accept in a rich-text field", () => {
    const slide = { _uid: "u", component: "vertical_slide", title: "t", body: textToRichText("One\n\nTwo") };
    expect(validateBlok(slide, { strict: true })).toEqual([]);
  });
});

describe("fields", () => {
  it("renames a field in place, so a story's diff shows one changed line", () => {
    expect(Object.entries(renameField({ _uid: "u", component: "hero", headline: "h", theme: "dark" }, "headline", "title"))).toEqual([
      ["_uid", "u"],
      ["component", "hero"],
      ["title", "h"],
      ["theme", "dark"],
    ]);
  });

  it("fills a value Storyblok would show empty", () => {
    expect([orDefault(undefined, "d"), orDefault(null, "d"), orDefault("", "d"), orDefault("x", "d"), orDefault(false, true)]).toEqual([
      "d",
      "d",
      "d",
      "x",
      false,
    ]);
  });

  it("splits text in two at the first separator and joins the parts that are not empty", () => {
    expect(splitText("Elena Varga Kovács", " ")).toEqual(["Elena", "Varga Kovács"]);
    expect(splitText("Elena", " ")).toEqual(["Elena", ""]);
    expect(splitText(undefined, " ")).toEqual(["", ""]);
    expect(joinText(["Lead designer", undefined, " ", "Maasstad Transit "], " · ")).toBe("Lead designer · Maasstad Transit");
  });
});

describe("blocks", () => {
  it("derives uuids: the same inputs give the same uuid, other inputs another", () => {
    expect(derivedUid("a", "b")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedUid("a", "b")).toBe(derivedUid("a", "b"));
    expect(derivedUid("a", "b")).not.toBe(derivedUid("a", "c"));
    expect(derivedUid("ab", "")).not.toBe(derivedUid("a", "b"));
  });

  it("moves fields into a new block: the rest of the block and the new one, named as the mapping says", () => {
    const hero = { _uid: "hero-1", component: "hero_section", title: "T", cta_label: "Contact", cta_url: "/contact" };
    const { rest, nested } = moveInto(hero, "link", { label: "cta_label", url: "cta_url" });
    expect(rest).toEqual({ _uid: "hero-1", component: "hero_section", title: "T" });
    expect(nested).toEqual({ _uid: derivedUid("hero-1", "link"), component: "link", label: "Contact", url: "/contact" });
  });

  it("makes a new block whose uid comes from the block it replaces", () => {
    const made = newBlock<IntroSectionLike>({ _uid: "hero-1" }, { component: "intro_section", text: "x" }, "second");
    expect(made).toEqual({ _uid: derivedUid("hero-1", "intro_section", "second"), component: "intro_section", text: "x" });
  });
});
