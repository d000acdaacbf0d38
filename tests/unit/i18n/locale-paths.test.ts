import { describe, expect, it } from "vitest";
import {
  contentLanguage,
  everyLocalePath,
  isLanguageCode,
  localePath,
  localiseHref,
  pageLocale,
  splitLocalePath,
} from "../../../src/i18n/locale-paths";
import { isLocale } from "../../../src/i18n/locales";
import { storyPath } from "../../../src/content/shaping/links";

describe("locale paths", () => {
  it.each([
    ["en", "/", "/"],
    ["en", "/projects/x", "/projects/x"],
    ["nl", "/", "/nl"],
    ["nl", "/projects/2024/atlas", "/nl/projects/2024/atlas"],
  ] as const)("%s %s is %s", (locale, path, want) => {
    expect(localePath(locale, path)).toBe(want);
    expect(splitLocalePath(want)).toEqual({ locale, path });
  });

  it("a language code is one of the space's languages besides the default, and nothing else", () => {
    expect(isLanguageCode("nl")).toBe(true);
    for (const value of ["en", "default", "NL", "de", "../x", "nl/../../api", "", null, undefined, ["nl"]])
      expect(isLanguageCode(value)).toBe(false);
  });

  it("lists a page in every locale, the default first", () => {
    expect(everyLocalePath("/projects/x")).toEqual(["/projects/x", "/nl/projects/x"]);
    expect(everyLocalePath("/")).toEqual(["/", "/nl"]);
  });

  it("takes only the site's locales from what a request names", () => {
    expect(isLocale("nl")).toBe(true);
    expect(isLocale("de")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(pageLocale("de")).toBe("en");
    expect(pageLocale("nl")).toBe("nl");
    // An unknown first segment is a path of the default locale, not a locale.
    expect(splitLocalePath("/de/projects/x")).toEqual({ locale: "en", path: "/de/projects/x" });
    expect(splitLocalePath("/en/projects/x")).toEqual({ locale: "en", path: "/en/projects/x" });
  });

  it("asks the content API for the default language without a code", () => {
    expect(contentLanguage("en")).toBeUndefined();
    expect(contentLanguage("nl")).toBe("nl");
  });

  it.each([
    ["/projects/x", "/nl/projects/x"],
    ["/", "/nl"],
    ["/#work", "/nl#work"],
    ["/projects/x?a=1#b", "/nl/projects/x?a=1#b"],
    ["/nl/projects/x", "/nl/projects/x"],
    ["/assets/cv.pdf", "/assets/cv.pdf"],
    ["/api/contact", "/api/contact"],
    ["https://example.com/", "https://example.com/"],
    ["//evil.example/", "//evil.example/"],
    ["#work", "#work"],
  ])("links %s from a Dutch page as %s", (href, want) => {
    expect(localiseHref(href, "nl")).toBe(want);
    expect(localiseHref(href, "en")).toBe(href);
  });

  it("reads a translated story's full slug as its page's address", () => {
    expect(storyPath("home")).toBe("/");
    expect(storyPath("nl/home")).toBe("/nl");
    expect(storyPath("nl/projects/2024/atlas")).toBe("/nl/projects/2024/atlas");
    expect(storyPath("projects/2024/atlas")).toBe("/projects/2024/atlas");
  });
});
