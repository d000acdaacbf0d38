/**
 * The translations of a story's published version. The Content Delivery API,
 * where that version is read (space-stories.ts), never sends the Management
 * API's `title__i18n__nl` keys: it answers each language apart (`language=nl`),
 * a translated field's value in the field's place. Read in every language of
 * the space and set beside the default language's values again, they are
 * migrated and written back with the rest; read in the default language
 * alone, republishing would drop them.
 *
 * A translation that reads the same as the default value cannot be told from
 * none (the CDN serves the default value where a field has no translation),
 * so it is not written back: visitors see the same text either way.
 */
import type { CdnStory, Json, JsonObject } from "../../../src/content/sources/local-cdn/story-types";
import { translatableFieldsOf, type TranslatableFields } from "../../../src/content/sources/local-cdn/translatable-fields";
import { listAll } from "../../management-api/list-all";
import type { ManagementClient } from "../../management-api/management-client";
import { translatedKey } from "../helpers/translations";

export interface SpaceLanguages {
  /** The space's language codes, without the default language. */
  codes: string[];
  /** Per component, its translatable fields, as the space's schema has them (what the CDN translated). */
  translatable: TranslatableFields;
}

/** The space's languages (`GET /v1/spaces/:id`) and its components' translatable fields. */
export async function readSpaceLanguages(client: ManagementClient): Promise<SpaceLanguages> {
  const { data } = await client.spaces.get({});
  const codes = (data.space.languages ?? []).map((language) => language.code).filter((code): code is string => typeof code === "string");
  if (codes.length === 0) return { codes, translatable: new Map() };
  const components = await listAll(async (page, perPage) => {
    const { data: listed, response } = await client.components.list({ query: { page, per_page: perPage } as Record<never, never> });
    return { rows: listed.components, response };
  });
  // The same reading of the schema as the local CDN's, which decides what it translates.
  return { codes, translatable: translatableFieldsOf(components) };
}

const isObject = (value: Json | undefined): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `story` (the default language's answer) with the translations `translated` (the
 * answer for `code`) holds: each translatable field of a block whose value there
 * differs is set as `field__i18n__code`. Both answers have the same blocks in the
 * same places (blocks are the same in every language), so they are walked side by side.
 */
export function withTranslations(story: CdnStory, code: string, translated: CdnStory, translatable: TranslatableFields): CdnStory {
  const content = structuredClone(story.content) as Json;
  const stack: [Json, Json | undefined][] = [[content, translated.content]];
  while (stack.length > 0) {
    const [node, other] = stack.pop()!;
    if (Array.isArray(node)) {
      if (Array.isArray(other)) node.forEach((item, i) => stack.push([item, other[i]]));
      continue;
    }
    if (!isObject(node) || !isObject(other)) continue;
    const component = typeof node.component === "string" && node.component === other.component ? node.component : undefined;
    const fields = component === undefined || node._uid !== other._uid ? undefined : translatable.get(component);
    for (const key of Object.keys(node)) {
      if (fields?.has(key) && other[key] !== undefined && JSON.stringify(other[key]) !== JSON.stringify(node[key])) {
        node[translatedKey(key, code)] = other[key]!;
      } else {
        stack.push([node[key]!, other[key]]);
      }
    }
  }
  return { ...story, content: content as CdnStory["content"] };
}
