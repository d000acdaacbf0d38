/**
 * Which version of the content a request asks for. Drafts are for editors
 * only: they are served to the Visual Editor in preview mode, and nowhere
 * else, so a page cannot leak unpublished content by forgetting a flag.
 */
export type ContentVersion = "published" | "draft";

export interface VersionOptions {
  /** True only when preview mode was explicitly entered (a checked preview token). */
  preview?: boolean;
}

/** The one place the version is chosen: `published` unless preview is explicitly `true`. */
export function contentVersion(options: VersionOptions = {}): ContentVersion {
  return options.preview === true ? "draft" : "published";
}
