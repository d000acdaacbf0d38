/**
 * Expected text for the browser tests, read from the embedded content so the
 * tests follow the stories instead of repeating them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

const STORIES = join(process.cwd(), "content", "stories");

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined;
}

function text(value: unknown, what: string): string {
  if (typeof value !== "string" || value === "") throw new Error(`content: expected ${what} to be text`);
  return value;
}

function storyContent(file: string): unknown {
  const story: unknown = JSON.parse(readFileSync(join(STORIES, file), "utf8"));
  return field(story, "content");
}

function homeSections(): unknown[] {
  const body = field(storyContent("home.json"), "body");
  return Array.isArray(body) ? body : [];
}

export function heroHeadline(): string {
  const hero = homeSections().find((blok) => field(blok, "component") === "hero_section");
  return text(field(hero, "headline"), "the home hero's headline");
}

/** Titles of the home page's titled sections, in order. */
export function homeSectionTitles(): string[] {
  return homeSections()
    .map((blok) => field(blok, "title"))
    .filter((title): title is string => typeof title === "string" && title !== "");
}

export function projectTitle(file: string): string {
  return text(field(storyContent(file), "title"), `${file}'s title`);
}

/** The text of the first paragraph in a project's description. */
export function projectDescriptionStart(file: string): string {
  const doc = field(storyContent(file), "description");
  const nodes = field(doc, "content");
  const paragraph = Array.isArray(nodes) ? nodes.find((node) => field(node, "type") === "paragraph") : undefined;
  const first = field(paragraph, "content");
  return text(Array.isArray(first) ? field(first[0], "text") : undefined, `${file}'s first description paragraph`);
}

/** The id of the home page's project card list: its editor-set anchor. */
export function projectListAnchor(): string {
  const list = homeSections().find((blok) => field(blok, "component") === "card_list");
  return text(field(list, "anchor"), "the home card list's anchor");
}

/** The name the site header shows beside its logo. */
export function headerLogoText(): string {
  const header = field(storyContent("site.json"), "header");
  return text(field(Array.isArray(header) ? header[0] : undefined, "logo_text"), "the header's logo text");
}
