/**
 * What a checked preview entry remembers for the pages: which story the
 * editor has open, and in which release and language. Next.js keeps it in
 * its signed, encrypted preview-data cookie and hands it to getStaticProps.
 */
import type { QueryOptions } from "../content/access/content-queries";

export interface PreviewData {
  /** `_storyblok`: the id of the story open in the editor; only that story is shown as a draft. */
  storyId: number;
  /** `_storyblok_release`, when not "0" (the current content). */
  release?: string;
  /** `_storyblok_lang`, when not "default". */
  language?: string;
}

const STORY_ID = /^[1-9]\d{0,15}$/;
/** Release ids are numbers; language codes are like `de`, `pt-br`, `zh_Hans`. */
const RELEASE = /^[1-9]\d{0,15}$/;
const LANGUAGE = /^[a-zA-Z]{2,3}(?:[-_][a-zA-Z0-9]{2,8})*$/;

/** The preview data for a query string, or undefined when `_storyblok` is not a story id. */
export function previewDataFromQuery(search: URLSearchParams): PreviewData | undefined {
  const storyId = search.get("_storyblok") ?? "";
  if (!STORY_ID.test(storyId)) return undefined;
  // As Storyblok's SDKs read them: release "0" and language "default" mean none.
  const release = search.get("_storyblok_release") ?? "";
  const language = search.get("_storyblok_lang") ?? "";
  return {
    storyId: Number(storyId),
    ...(RELEASE.test(release) && { release }),
    ...(language !== "default" && LANGUAGE.test(language) && { language }),
  };
}

/** getStaticProps' `previewData`, when it is ours (anything else means: not in preview). */
export function asPreviewData(value: unknown): PreviewData | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { storyId, release, language } = value as Record<string, unknown>;
  if (typeof storyId !== "number" || !Number.isSafeInteger(storyId) || storyId <= 0) return undefined;
  return {
    storyId,
    ...(typeof release === "string" && RELEASE.test(release) && { release }),
    ...(typeof language === "string" && LANGUAGE.test(language) && { language }),
  };
}

/** The query options that fetch what the editor has open. */
export function draftQueryOptions(data: PreviewData): QueryOptions {
  return { preview: true, ...(data.release && { release: data.release }), ...(data.language && { language: data.language }) };
}
