/**
 * Which story a page of the site shows, as a draft: what preview entry
 * checks `_storyblok` against. The editor's token is Storyblok's, made for
 * the space and not for one story, so nothing in it says which story it was
 * issued for; entry binds the draft session to the story the editor opened
 * by refusing a `_storyblok` that is not the story at the page it returns to.
 */
import { getPageStory, getProjectStory, HOME_SLUG, type QueryOptions } from "../content/access/queries";

const PROJECT_PATH = /^\/projects\/(.+)$/;

/** The id of the story the page at `path` shows in `options`' version, or undefined when it shows none. */
export async function storyIdAtPath(path: string, options: QueryOptions): Promise<number | undefined> {
  const { pathname } = new URL(path, "http://site.invalid");
  if (pathname === "/") return (await getPageStory(HOME_SLUG, options))?.id;
  const project = PROJECT_PATH.exec(pathname)?.[1];
  if (!project) return undefined;
  let segments: string[];
  try {
    segments = project.split("/").map(decodeURIComponent);
  } catch {
    return undefined;
  }
  return (await getProjectStory(segments, options))?.id;
}
