/** The local asset paths (`/assets/…`) a story's content uses, wherever it uses them (rewrite-references.ts lists where). */
import type { JsonObject } from "../../src/content/sources/local-cdn/story-types";
import { referencesIn } from "./rewrite-references";

const NO_FIELDS = new Map<string, ReadonlySet<string>>();

export function assetPathsIn(content: JsonObject): Set<string> {
  return referencesIn(content, NO_FIELDS).assets;
}
