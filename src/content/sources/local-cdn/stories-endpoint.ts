/**
 * `GET /v2/cdn/stories` and `GET /v2/cdn/stories/{full_slug | id | uuid}`:
 * turns a snapshot of the content directory into the API's answers.
 */
import { withEditable } from "./editable";
import {
  BadQuery,
  defaultOrder,
  excludeFields,
  excludeStoryFields,
  filterStories,
  pageOf,
  paginate,
  sortStories,
  storyTests,
} from "./list-query";
import { relatedParts } from "./related-stories";
import { badRequest, cacheControlFor, jsonResponse, notFound } from "./responses";
import { findStory } from "./story-index";
import type { StoreSnapshot } from "./story-store";
import type { CdnStory, ContentVersion, Json, JsonObject, StoredStory } from "./story-types";
import { languageOf, translateStory, type Language } from "./translation";

export interface RequestContext {
  snapshot: StoreSnapshot;
  params: URLSearchParams;
  version: ContentVersion;
  spaceId: string;
}

/** How each story of an answer is shaped: its language and the parts the request leaves out or adds. */
interface Presentation {
  language: Language;
  resolveAssets: boolean;
}

/** The values each resolving parameter takes (the description's enums; `1` is the legacy `resolve_links=story`). */
const CHOICES: Readonly<Record<string, readonly string[]>> = {
  resolve_links: ["0", "1", "story", "url", "link"],
  resolve_links_level: ["1", "2"],
  resolve_level: ["1", "2"],
  resolve_assets: ["0", "1"],
};

function presentationOf(ctx: RequestContext, language: Language = languageOf(ctx.params, ctx.snapshot.space.languageCodes)): Presentation {
  for (const [name, allowed] of Object.entries(CHOICES)) {
    const value = ctx.params.get(name);
    if (value !== null && value !== "" && !allowed.includes(value))
      throw new BadQuery(`${name} must be one of ${allowed.join(", ")}, got "${value}"`);
  }
  return { language, resolveAssets: ctx.params.get("resolve_assets") === "1" };
}

/** The story in the requested version, shaped as the response carries it. */
function present(stored: StoredStory | undefined, ctx: RequestContext, how: Presentation): CdnStory | undefined {
  const story = ctx.version === "draft" ? stored?.draft : stored?.published;
  if (!story) return undefined;
  let shaped = translateStory(story, how.language, ctx.snapshot.translatable);
  if (how.resolveAssets) shaped = withAssetMetadata(shaped, ctx.snapshot);
  shaped = excludeStoryFields(excludeFields(shaped, ctx.params.get("excluding_fields")), ctx.params.get("excluding_story_fields"));
  return ctx.version === "draft" ? withEditable(shaped, ctx.spaceId) : shaped;
}

/**
 * `resolve_assets=1`: every asset field naming an asset of the space carries that
 * asset's metadata as the space holds it now (alt, title, copyright, focus, source,
 * meta_data, is_private), not as the field copied it when the asset was chosen.
 */
function withAssetMetadata(story: CdnStory, snapshot: StoreSnapshot): CdnStory {
  const { assets } = snapshot.space;
  if (assets.size === 0) return story;
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== "object" || node === null) return node;
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(node)) copy[key] = walk(value);
    const metadata = node.fieldtype === "asset" && typeof node.id === "number" ? assets.get(node.id) : undefined;
    return metadata ? { ...copy, ...metadata } : copy;
  };
  return { ...story, content: walk(story.content) as CdnStory["content"] };
}

function lookupByUuid(ctx: RequestContext, how: Presentation): (uuid: string) => CdnStory | undefined {
  return (uuid) => present(ctx.snapshot.index.byUuid.get(uuid), ctx, how);
}

/** A request whose parameters cannot be applied gets Storyblok's 400 with the reason, never an answer that ignores them. */
function refusing(answer: () => Response): Response {
  try {
    return answer();
  } catch (error) {
    if (error instanceof BadQuery) return badRequest(error.message);
    throw error;
  }
}

/**
 * `starts_with=nl/…` asks for the stories of a language by its folder, as on Storyblok: the language, and the slug
 * prefix after it; `starts_with=[default]/…` names the default language so (Storyblok's internationalization docs).
 */
function languageFolder(ctx: RequestContext): { params: URLSearchParams; language?: Language } {
  const startsWith = ctx.params.get("starts_with")?.replace(/^\//, "");
  const code = startsWith?.split("/")[0];
  if (startsWith && code === DEFAULT_LANGUAGE_FOLDER) {
    const params = new URLSearchParams(ctx.params);
    params.set("starts_with", startsWith.slice(code.length + 1));
    return { params };
  }
  if (!startsWith || code === undefined || !ctx.snapshot.space.languageCodes.includes(code) || ctx.params.has("language"))
    return { params: ctx.params };
  const params = new URLSearchParams(ctx.params);
  params.set("starts_with", startsWith.slice(code.length + 1));
  return { params, language: { ...languageOf(ctx.params, ctx.snapshot.space.languageCodes), code } };
}

/** The folder name that stands for the default language in `starts_with`. */
const DEFAULT_LANGUAGE_FOLDER = "[default]";

/** Each snapshot's stories of each version in the API's default order, sorted once: a request then filters them in one pass. */
const ordered = new WeakMap<StoreSnapshot, Partial<Record<ContentVersion, CdnStory[]>>>();
function inDefaultOrder(snapshot: StoreSnapshot, version: ContentVersion): CdnStory[] {
  const versions = ordered.get(snapshot) ?? {};
  ordered.set(snapshot, versions);
  versions[version] ??= snapshot.index.stories
    .map((stored) => (version === "draft" ? stored.draft : stored.published))
    .filter((story): story is CdnStory => story !== null)
    .sort(defaultOrder);
  return versions[version];
}

export function listStories(ctx: RequestContext): Response {
  return refusing(() => {
    const { index, cv } = ctx.snapshot;
    const folder = languageFolder(ctx);
    const params = folder.params;
    const how = presentationOf(ctx, folder.language);
    const tests = storyTests(params);
    const matching = sortStories(filterStories(inDefaultOrder(ctx.snapshot, ctx.version), tests), params, true);
    const page = pageOf(params);
    const stories = paginate(matching, page)
      .map((story) => present(index.byUuid.get(story.uuid), ctx, how))
      .filter((story): story is CdnStory => story !== undefined);
    return jsonResponse(200, { stories, cv, ...relatedParts(stories, params, lookupByUuid(ctx, how)) }, cacheControlFor(ctx.version), {
      total: String(matching.length),
      "per-page": String(page.perPage),
    });
  });
}

export function getStory(key: string, ctx: RequestContext): Response {
  return refusing(() => {
    let how = presentationOf(ctx);
    let stored = findStory(ctx.snapshot.index, key, ctx.params.get("find_by"));
    // `nl/projects/atlas`: the story `projects/atlas` in the space's language `nl`.
    const code = key.split("/")[0];
    if (!stored && code !== undefined && ctx.snapshot.space.languageCodes.includes(code) && ctx.params.get("find_by") !== "uuid") {
      stored = findStory(ctx.snapshot.index, key.slice(code.length + 1), null);
      how = { ...how, language: { ...how.language, code } };
    }
    const story = present(stored, ctx, how);
    if (!story) return notFound();
    return jsonResponse(
      200,
      { story, cv: ctx.snapshot.cv, ...relatedParts([story], ctx.params, lookupByUuid(ctx, how)) },
      cacheControlFor(ctx.version),
    );
  });
}
