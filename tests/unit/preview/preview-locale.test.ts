import { describe, expect, it } from "vitest";
import { previewLocale, previewPath, withOpenedLanguage, withSpaceLanguage } from "../../../src/preview/preview-locale";
import { CHECKED_MARKER, returnAddress } from "../../../src/preview/preview-entry";

const query = (search: string) => new URLSearchParams(search);

describe("the Visual Editor's language", () => {
  it.each([
    ["_storyblok=5&_storyblok_lang=nl", "nl", "/nl/projects/atlas"],
    ["_storyblok=5&_storyblok_lang=default", "en", "/projects/atlas"],
    ["_storyblok=5", "en", "/projects/atlas"],
    // Well-formed, but not a language of the space: the default language's page.
    ["_storyblok=5&_storyblok_lang=de", "en", "/projects/atlas"],
    ["_storyblok=5&_storyblok_lang=NL", "en", "/projects/atlas"],
    ["_storyblok=5&_storyblok_lang=nl/../x", "en", "/projects/atlas"],
  ])("%s opens %s at %s", (search, locale, path) => {
    expect(previewLocale(query(search))).toBe(locale);
    expect(previewPath("/projects/atlas", query(search))).toBe(path);
    // A preview address that already has a prefix is the same page.
    expect(previewPath("/nl/projects/atlas", query(search))).toBe(path);
  });

  it("entry returns to the locale's page with the editor's parameters", () => {
    const search = query("_storyblok=5&_storyblok_lang=nl&path=/");
    expect(returnAddress(previewPath("/", search), search)).toBe(`/nl?_storyblok=5&_storyblok_lang=nl&${CHECKED_MARKER}=1`);
  });

  it.each([
    ["_storyblok=5&_storyblok_lang=nl", "_storyblok=5&_storyblok_lang=nl"],
    ["_storyblok=5&_storyblok_lang=default", "_storyblok=5&_storyblok_lang=default"],
    ["_storyblok=5&_storyblok_lang=de&_storyblok_release=0", "_storyblok=5&_storyblok_lang=default&_storyblok_release=0"],
    ["_storyblok=5&_storyblok_lang=..%2Fx&_storyblok_lang=nl", "_storyblok=5&_storyblok_lang=default"],
    ["_storyblok=5", "_storyblok=5"],
  ])("passes %s on to the page as %s: the language it opens in", (search, want) => {
    expect(withOpenedLanguage(query(search)).toString()).toBe(want);
  });

  it("keeps a language in the preview data only when the space has it", () => {
    expect(withSpaceLanguage({ storyId: 5, language: "nl" })).toEqual({ storyId: 5, language: "nl" });
    expect(withSpaceLanguage({ storyId: 5, language: "de" })).toEqual({ storyId: 5 });
    expect(withSpaceLanguage({ storyId: 5 })).toEqual({ storyId: 5 });
  });
});
