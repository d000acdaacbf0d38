/**
 * `portfolio content validate`: everything that can be wrong with a content
 * directory, as a list of "file: problem" findings. Unreadable or duplicate
 * files (the CDN's own checks), what validateStory finds in each story
 * (content that does not fit the schema, references to missing stories),
 * assets that do not exist, and files whose path does not match their
 * full_slug.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { forEachObject } from "../../src/content/shaping/content-tree";
import { buildStoryIndex, storedVersions } from "../../src/content/sources/local-cdn/story-index";
import type { Json, StoryFileProblem } from "../../src/content/sources/local-cdn/story-types";
import { RESOLVE_RELATIONS } from "../../src/generated/relations";
import { validateStory, type BlokValidator } from "./validate-content";

export interface DirectoryReport {
  /** Stories that loaded (valid or not). */
  storyCount: number;
  problems: StoryFileProblem[];
}

/** A schema's rules and relation fields, when not the site's own (`portfolio check --out` loads another folder's). */
export interface SchemaRules {
  validateBlok?: BlokValidator;
  relationFields?: readonly string[];
}

/** The rules and relation fields come from src/generated (the schema, via `npm run codegen`) unless given. */
export async function validateContentDirectory(dir: string, rules: SchemaRules = {}): Promise<DirectoryReport> {
  const relationFields = rules.relationFields ?? RESOLVE_RELATIONS;
  const index = await buildStoryIndex(dir);
  const problems: StoryFileProblem[] = [...index.problems];
  for (const stored of index.stories) {
    const versions = storedVersions(stored);

    for (const [file, story] of versions) {
      const expected = `${file.startsWith("drafts/") ? "drafts" : "stories"}/${story.full_slug}.json`;
      if (file !== expected) problems.push({ file, problem: `full_slug "${story.full_slug}" belongs in ${expected}` });
    }

    for (const [file, story] of versions) {
      const add = (problem: string) => problems.push({ file, problem });
      validateStory(story, { hasStory: (uuid) => index.byUuid.has(uuid), relationFields, validateBlok: rules.validateBlok }).forEach(add);
      for (const filename of assetFilenames(story.content)) {
        if (!(await exists(join(dir, filename)))) add(`asset "${filename}" has no file under ${dir}/assets`);
      }
    }
  }
  return { storyCount: index.stories.length, problems };
}

/** Local asset paths (`/assets/…`) used by asset fields and asset links. */
function assetFilenames(node: Json): Set<string> {
  const found = new Set<string>();
  forEachObject(node, (value) => {
    const path = value.fieldtype === "asset" ? value.filename : value.linktype === "asset" ? value.url : undefined;
    if (typeof path === "string" && path.startsWith("/assets/")) found.add(path.slice(1));
  });
  return found;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
