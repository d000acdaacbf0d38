/**
 * The shapes preview input must have before it reaches a content API query
 * or a header: the story id, release and language from the editor's address
 * (and back from Next.js' preview-data cookie), relation uuids, and the
 * preview settings from the environment. Each pattern is pinned at both ends
 * and at its length limits, so a loosened pattern fails a case.
 */
import { describe, expect, it } from "vitest";
import { asPreviewData, previewDataFromQuery } from "../../../src/preview/preview-data";
import { bridgeUrl, DEFAULT_BRIDGE_URL, editorOrigin, previewSecrets } from "../../../src/preview/preview-config";
import { parseRelationUuids } from "../../../src/preview/relation-uuids";

const query = (text: string) => previewDataFromQuery(new URLSearchParams(text));

describe("the story id (_storyblok)", () => {
  it.each([
    ["1", 1],
    ["512004110", 512004110],
    ["9".repeat(16), Number("9".repeat(16))],
  ])("%s is a story id", (id, storyId) => {
    expect(query(`_storyblok=${id}`)).toEqual({ storyId });
  });

  it.each(["0", "012", "-5", "+5", "5.0", "5e3", " 5", "5 ", "5x", "x5", "1".repeat(17), ""])("%j is not", (id) => {
    expect(query(`_storyblok=${encodeURIComponent(id)}`)).toBeUndefined();
  });

  it("is required", () => {
    expect(query("_storyblok_release=7&_storyblok_lang=de")).toBeUndefined();
  });
});

describe("the release (_storyblok_release)", () => {
  it.each([
    ["7781", { release: "7781" }],
    ["1", { release: "1" }],
    ["9".repeat(16), { release: "9".repeat(16) }],
    ["0 (the current content)", {}],
    ["01", {}],
    ["1".repeat(17), {}],
    ["7x", {}],
    ["x7", {}],
    ["-7", {}],
  ])("%s", (release, extra) => {
    expect(query(`_storyblok=5&_storyblok_release=${encodeURIComponent(release.split(" ")[0]!)}`)).toEqual({ storyId: 5, ...extra });
  });
});

describe("the language (_storyblok_lang)", () => {
  it.each(["de", "pt-br", "zh_Hans", "ast", "en-GB-oxendict", "sr-Latn-RS"])("%j is a language", (language) => {
    expect(query(`_storyblok=5&_storyblok_lang=${language}`)).toEqual({ storyId: 5, language });
  });

  it.each(["default", "d", "deut", "1de", "de-", "de-x", "de-123456789", "de/../x", "de&x=1", "<b>", " de", "de "])(
    "%j is not",
    (language) => {
      expect(query(`_storyblok=5&_storyblok_lang=${encodeURIComponent(language)}`)).toEqual({ storyId: 5 });
    },
  );
});

describe("preview data back from Next.js", () => {
  it.each([
    ["ours", { storyId: 5, release: "7", language: "de" }, { storyId: 5, release: "7", language: "de" }],
    ["with a release and language of the wrong shape (dropped)", { storyId: 5, release: "0", language: "x" }, { storyId: 5 }],
    ["with a release that is a number (dropped)", { storyId: 5, release: 7 }, { storyId: 5 }],
    ["with other keys (dropped)", { storyId: 5, admin: true }, { storyId: 5 }],
  ])("%s", (_name, value, data) => {
    expect(asPreviewData(value)).toEqual(data);
  });

  it.each([
    ["null", null],
    ["a string", "5"],
    ["story id 0", { storyId: 0 }],
    ["a negative story id", { storyId: -1 }],
    ["a fractional story id", { storyId: 1.5 }],
    ["an unsafe integer", { storyId: 2 ** 53 }],
    ["NaN", { storyId: Number.NaN }],
  ])("%s is not ours", (_name, value) => {
    expect(asPreviewData(value)).toBeUndefined();
  });
});

describe("relation uuids (?uuids=)", () => {
  const uuid = "0b3f5f3c-6a3e-4d1e-9c1a-2f4b5c6d7e8f";
  it("accepts uuids in either case", () => {
    expect(parseRelationUuids(`${uuid},${uuid.toUpperCase()}`)).toEqual([uuid, uuid.toUpperCase()]);
  });

  it.each([
    ["a uuid with a prefix", `x${uuid}`],
    ["a uuid with a suffix", `${uuid}x`],
    ["a uuid without dashes", uuid.replaceAll("-", "")],
    ["a non-hex digit", `${uuid.slice(0, -1)}g`],
    ["an empty entry", `${uuid},`],
    ["a space", ` ${uuid}`],
    ["a query", `${uuid}&x=1`],
  ])("refuses the whole list with %s", (_name, value) => {
    expect(parseRelationUuids(value)).toBeUndefined();
  });
});

describe("preview settings from the environment", () => {
  it("needs both the space id and the preview token, trimmed", () => {
    expect(previewSecrets({ STORYBLOK_SPACE_ID: " 288141 ", STORYBLOK_PREVIEW_TOKEN: " pv " })).toEqual({
      spaceId: "288141",
      previewToken: "pv",
    });
    expect(previewSecrets({ STORYBLOK_SPACE_ID: "288141" })).toBeUndefined();
    expect(previewSecrets({ STORYBLOK_PREVIEW_TOKEN: "pv" })).toBeUndefined();
    expect(previewSecrets({ STORYBLOK_SPACE_ID: "288141", STORYBLOK_PREVIEW_TOKEN: "   " })).toBeUndefined();
    expect(previewSecrets({ STORYBLOK_SPACE_ID: " ", STORYBLOK_PREVIEW_TOKEN: "pv" })).toBeUndefined();
  });

  it("the bridge URL defaults to Storyblok's, also when blank", () => {
    expect(bridgeUrl({})).toBe(DEFAULT_BRIDGE_URL);
    expect(bridgeUrl({ STORYBLOK_BRIDGE_URL: "  " })).toBe(DEFAULT_BRIDGE_URL);
    expect(bridgeUrl({ STORYBLOK_BRIDGE_URL: " https://cdn.example/b.js " })).toBe("https://cdn.example/b.js");
  });

  it.each([
    ["https://app.storyblok.com", "https://app.storyblok.com"],
    [" https://app.storyblok.com/ ", "https://app.storyblok.com"],
    ["http://localhost:8080", "http://localhost:8080"],
    ["", "https://app.storyblok.com"],
    ["  ", "https://app.storyblok.com"],
  ])("the editor origin %j is %j", (value, origin) => {
    expect(editorOrigin({ STORYBLOK_EDITOR_ORIGIN: value })).toBe(origin);
  });

  it.each([
    "null",
    "/",
    "https://app.storyblok.com//",
    "https://app.storyblok.com?x",
    "https://app.storyblok.com#x",
    "data:text/html,x",
    "https://user@app.storyblok.com",
    "https://app.storyblok.com; script-src *",
  ])("refuses the editor origin %j, which would change the CSP it goes into", (value) => {
    expect(() => editorOrigin({ STORYBLOK_EDITOR_ORIGIN: value })).toThrow(
      `STORYBLOK_EDITOR_ORIGIN must be an origin such as https://app.storyblok.com, got "${value.trim()}"`,
    );
  });
});
