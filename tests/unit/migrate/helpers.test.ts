/** The helpers migration files use, and that what they build is valid content for the generated validators. */
import { describe, expect, it } from "vitest";
import { validateBlok } from "../../../src/generated/validators";
import {
  convertField,
  decide,
  derivedUid,
  dropTranslations,
  joinText,
  moveInto,
  newBlock,
  orDefault,
  renameField,
  richTextToText,
  splitText,
  textToRichText,
  todo,
  translationOf,
  translationsOf,
} from "../../../tools/migrations/helpers";
import { translationKey } from "../../../tools/migrations/helpers/translations";
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

  it("reads content as the editor may leave it: odd nodes skipped, blocks' own content dropped, spaces and inline containers kept in their paragraph", () => {
    const text = (value: unknown) => ({ type: "text", text: value });
    const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
    const doc = {
      type: "doc" as const,
      content: [
        // Not nodes (a hand-edited or truncated document): skipped, not thrown on.
        null,
        "loose string",
        7,
        // A paragraph of spaces is no paragraph; a paragraph's own spaces are trimmed.
        paragraph(text("   ")),
        paragraph(text("  padded  ")),
        // A text node must hold a string; a node that is not text adds nothing, not even a break.
        paragraph(text("a"), text(5), { type: "emoji", text: "not text", attrs: { name: "x" } }, text("b")),
        // An inline node with content of its own stays in its paragraph.
        paragraph(text("c"), { type: "mention", content: [text("d")] }, text("e")),
        // An embedded block's content is its own fields, never the document's words.
        { type: "blok", attrs: {}, content: [text("hidden")] },
        // After a heading, text outside any block starts a paragraph of its own.
        { type: "heading", attrs: { level: 3 }, content: [text("Heading")] },
        text("after"),
      ],
    };
    expect(richTextToText(doc)).toBe("padded\n\nab\n\ncde\n\nHeading\n\nafter");
    // A document with no content at all (an empty field as some clients send it).
    expect(richTextToText({ type: "doc" })).toBe("");
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

  it("trims both parts of a split, the whole text when it has no separator, and joins with a space unless told", () => {
    expect(splitText(" Elena , Varga Kovács ", ",")).toEqual(["Elena", "Varga Kovács"]);
    expect(splitText(" Elena ", ",")).toEqual(["Elena", ""]);
    // A separator first: nothing before it.
    expect(splitText(", Varga", ",")).toEqual(["", "Varga"]);
    expect(splitText("Elena -- Varga", " -- ")).toEqual(["Elena", "Varga"]);
    expect(joinText(["Elena", null, "Varga"])).toBe("Elena Varga");
  });
});

describe("holes a scaffold leaves", () => {
  it("stop an unfinished migration that is run anyway, with the task they hold", () => {
    expect(() => todo("hero_section.title is new and required" as never)).toThrow(
      /^unfinished migration: hero_section\.title is new and required$/,
    );
    expect(() => decide("what becomes of project.client" as never)).toThrow(/^unfinished migration: what becomes of project\.client$/);
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

describe("translations (`field__i18n__<code>` beside the field) go where their field goes", () => {
  const hero = {
    _uid: "hero-1",
    component: "hero_section",
    headline: "Hello",
    headline__i18n__nl: "Hallo",
    "headline__i18n__pt-br": "Olá",
    headline_note__i18n__nl: "not headline's",
    intro: "One\n\nTwo",
    intro__i18n__nl: "Een\n\nTwee",
    intro__i18n__de: "",
  };

  it("renameField renames each language's key in its place", () => {
    expect(Object.keys(renameField(hero, "headline", "title"))).toEqual([
      "_uid",
      "component",
      "title",
      "title__i18n__nl",
      "title__i18n__pt-br",
      "headline_note__i18n__nl",
      "intro",
      "intro__i18n__nl",
      "intro__i18n__de",
    ]);
  });

  it("convertField converts the value and every translation, leaving empty ones (none) out", () => {
    const converted = convertField(hero, "intro", (text) => textToRichText(text));
    expect(converted).toEqual({ intro: textToRichText("One\n\nTwo"), intro__i18n__nl: textToRichText("Een\n\nTwee") });
    const result = { ...hero, ...converted };
    expect(result.intro__i18n__de).toBeUndefined();
    expect(JSON.parse(JSON.stringify(result))).not.toHaveProperty("intro__i18n__de");
  });

  it("dropTranslations removes the named fields' translations and nothing else", () => {
    expect(dropTranslations(hero, "headline")).toEqual({
      _uid: "hero-1",
      component: "hero_section",
      headline: "Hello",
      headline_note__i18n__nl: "not headline's",
      intro: "One\n\nTwo",
      intro__i18n__nl: "Een\n\nTwee",
      intro__i18n__de: "",
    });
  });

  it("reads a field's translations, an empty one being none", () => {
    expect(translationsOf(hero, "headline")).toEqual({ nl: "Hallo", "pt-br": "Olá" });
    expect(translationOf(hero, "intro", "nl")).toBe("Een\n\nTwee");
    expect(translationOf(hero, "intro", "de")).toBeUndefined();
    expect(translationOf({ ...hero, intro__i18n__fr: null }, "intro", "fr")).toBeUndefined();
    expect(translationOf(hero, "intro", "fr")).toBeUndefined();
  });

  it("convertField leaves a null translation out as it does an empty one, never converting it", () => {
    const seen: unknown[] = [];
    const converted = convertField({ ...hero, intro__i18n__fr: null }, "intro", (text) => {
      seen.push(text);
      return textToRichText(text ?? "");
    });
    expect(seen).toEqual(["One\n\nTwo", "Een\n\nTwee"]);
    expect(
      Object.entries(converted)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key),
    ).toEqual(["intro", "intro__i18n__nl"]);
  });

  it("reads a key as a translation only when a field comes before the mark", () => {
    expect(translationKey("title__i18n__nl")).toEqual(["title", "nl"]);
    expect(translationKey("title__i18n__pt__i18n__br")).toEqual(["title__i18n__pt", "br"]);
    expect(translationKey("__i18n__nl")).toBeUndefined();
    expect(translationKey("title")).toBeUndefined();
  });

  it("moveInto moves a field's translations with it, under its new name", () => {
    const { rest, nested } = moveInto(hero, "link", { label: "headline" });
    expect(nested).toEqual({
      _uid: derivedUid("hero-1", "link"),
      component: "link",
      label: "Hello",
      label__i18n__nl: "Hallo",
      "label__i18n__pt-br": "Olá",
    });
    expect(Object.keys(rest)).toEqual(["_uid", "component", "headline_note__i18n__nl", "intro", "intro__i18n__nl", "intro__i18n__de"]);
  });
});
