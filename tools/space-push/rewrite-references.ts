/**
 * Every place story content refers to a story or an asset, rewritten to
 * what the target space calls it:
 *
 *   asset field (`fieldtype: asset`, also each item of a multiasset)  `id`, `filename`
 *   multilink `linktype: asset`                                          `url`, `cached_url`
 *   multilink `linktype: story`                                          `id` (the story's uuid)
 *   rich text link mark, `linktype: story`                               `attrs.uuid`
 *   rich text link mark, `linktype: asset`                               `attrs.href`
 *   rich text image node                                                 `attrs.src`, `attrs.id`
 *   relation fields (reference-fields.ts)                                each uuid
 *
 * Blocks inside rich text are walked like any other, and so are a field's
 * translations (`intro__i18n__nl`, as the Management API stores them): a
 * translated rich text has links and images of its own, a translated relation
 * field uuids of its own. Full slugs (a story
 * link's `cached_url`, a link mark's `href`) stay: the space gets the same
 * slugs. Only local asset paths (`/assets/…`) are assets of the push; an
 * absolute URL is left as written.
 */
import { copyContent } from "../../src/content/shaping/content-tree";
import type { JsonObject } from "../../src/content/sources/local-cdn/story-types";
import { translationKey } from "../migrations/helpers/translations";
import type { StoryReferenceFields } from "./reference-fields";

export interface SpaceAssetRef {
  id: number;
  filename: string;
}

/** What the space calls a story or an asset of the content; undefined while it has none. */
export interface ReferenceTargets {
  storyUuid(sourceUuid: string): string | undefined;
  asset(path: string): SpaceAssetRef | undefined;
}

export interface RewriteResult {
  content: JsonObject;
  /** Source uuids no target was found for (left as written). */
  missingStories: Set<string>;
  /** Local asset paths no target was found for (left as written). */
  missingAssets: Set<string>;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const isLocalAssetPath = (value: unknown): value is string => typeof value === "string" && value.startsWith("/assets/");
/** The field a key holds a value of: `related__i18n__nl` holds `related`'s in Dutch. */
const translatedField = (key: string): string => translationKey(key)?.[0] ?? key;

export function rewriteReferences(content: JsonObject, fields: StoryReferenceFields, targets: ReferenceTargets): RewriteResult {
  const missingStories = new Set<string>();
  const missingAssets = new Set<string>();
  const story = (uuid: unknown): unknown => {
    if (typeof uuid !== "string" || uuid === "") return uuid;
    const mapped = targets.storyUuid(uuid);
    if (mapped === undefined) missingStories.add(uuid);
    return mapped ?? uuid;
  };
  const asset = (path: string): SpaceAssetRef | undefined => {
    const mapped = targets.asset(path);
    if (!mapped) missingAssets.add(path);
    return mapped;
  };

  const replace = (owner: Obj, key: string, value: unknown): { value: unknown } | undefined => {
    if (owner.fieldtype === "asset" && isLocalAssetPath(owner.filename)) {
      if (key === "filename") return { value: asset(owner.filename)?.filename ?? value };
      if (key === "id") return { value: targets.asset(owner.filename)?.id ?? value };
      return undefined;
    }
    if (owner.fieldtype === "multilink") {
      if (owner.linktype === "story" && key === "id") return { value: story(value) };
      if (owner.linktype === "asset" && (key === "url" || key === "cached_url") && isLocalAssetPath(value))
        return { value: asset(value)?.filename ?? value };
      return undefined;
    }
    if (typeof owner.component === "string") {
      if (!fields.get(owner.component)?.has(translatedField(key))) return undefined;
      return { value: Array.isArray(value) ? value.map(story) : story(value) };
    }
    // Rich text: a link mark or an image node. Blocks (which have `component`) never get here.
    if (key === "attrs" && isObj(value)) {
      if (owner.type === "link" && value.linktype === "story") return { value: { ...value, uuid: story(value.uuid) } };
      if (owner.type === "link" && value.linktype === "asset" && isLocalAssetPath(value.href)) {
        return { value: { ...value, href: asset(value.href)?.filename ?? value.href } };
      }
      if (owner.type === "image" && isLocalAssetPath(value.src)) {
        const mapped = asset(value.src);
        return { value: mapped ? { ...value, src: mapped.filename, id: mapped.id } : value };
      }
    }
    return undefined;
  };

  const { value } = copyContent(content, replace, Number.POSITIVE_INFINITY);
  return { content: value as JsonObject, missingStories, missingAssets };
}

const NO_TARGETS: ReferenceTargets = { storyUuid: () => undefined, asset: () => undefined };

/** The story uuids and local asset paths `content` refers to. */
export function referencesIn(content: JsonObject, fields: StoryReferenceFields): { stories: Set<string>; assets: Set<string> } {
  const { missingStories, missingAssets } = rewriteReferences(content, fields, NO_TARGETS);
  return { stories: missingStories, assets: missingAssets };
}
