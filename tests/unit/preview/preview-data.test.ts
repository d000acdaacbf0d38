import { describe, expect, it } from "vitest";
import { asPreviewData, draftQueryOptions, previewDataFromQuery } from "../../../src/preview/preview-data";
import { requestParams } from "../../../src/content/access/content-queries";

describe("preview data", () => {
  it("reads the story id, release and language the editor sends", () => {
    const data = previewDataFromQuery(new URLSearchParams("_storyblok=512004110&_storyblok_release=7781&_storyblok_lang=de"));
    expect(data).toEqual({ storyId: 512004110, release: "7781", language: "de" });
    // Sent to the CDN as Storyblok's SDKs do: from_release and language, drafts only.
    expect(requestParams(draftQueryOptions(data!))).toEqual({ version: "draft", language: "de", from_release: "7781" });
  });

  it("treats release 0 and language default as none, as the SDKs do", () => {
    const data = previewDataFromQuery(new URLSearchParams("_storyblok=5&_storyblok_release=0&_storyblok_lang=default"));
    expect(data).toEqual({ storyId: 5 });
    expect(requestParams(draftQueryOptions(data!))).toEqual({ version: "draft" });
  });

  it("needs a story id, and drops values that are not a release or a language", () => {
    expect(previewDataFromQuery(new URLSearchParams("_storyblok_lang=de"))).toBeUndefined();
    expect(previewDataFromQuery(new URLSearchParams("_storyblok=abc"))).toBeUndefined();
    expect(previewDataFromQuery(new URLSearchParams("_storyblok=5&_storyblok_release=x&_storyblok_lang=%3Cscript%3E"))).toEqual({
      storyId: 5,
    });
  });

  it("accepts only its own shape back from Next.js (draft mode alone gives {})", () => {
    expect(asPreviewData({})).toBeUndefined();
    expect(asPreviewData(undefined)).toBeUndefined();
    expect(asPreviewData({ storyId: "5" })).toBeUndefined();
    expect(asPreviewData({ storyId: 5, language: "pt-br" })).toEqual({ storyId: 5, language: "pt-br" });
  });

  it("never sends a release with published content", () => {
    expect(requestParams({ release: "7781" })).toEqual({ version: "published" });
  });
});
