/**
 * The components of a space served from the repository's content (`content serve` on
 * content/): until the space holds components of its own (space/components.json), it
 * shows those of the schema folder, `schema/components.json` as `schema pull` and the
 * Storyblok CLI save it, with their groups and presets. The space and the site's types
 * are then made from one schema, as a real space and its pulled schema are. The first
 * write to a component, group or preset stores the space's own copy, which wins from then on.
 */
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { componentDefaults } from "./component-defaults";
import type { ComponentGroupRecord, ComponentRecord, PresetRecord } from "./space-records";

export interface SchemaSeed {
  components: ComponentRecord[];
  componentGroups: ComponentGroupRecord[];
  presets: PresetRecord[];
}

const DERIVED = new Set(["real_name", "all_presets", "internal_tags_list"]);

export async function readSchemaSeed(schemaDir: string, spaceId: number): Promise<SchemaSeed | undefined> {
  const path = join(schemaDir, "components.json");
  let text: string;
  let at: string;
  try {
    [text, at] = await Promise.all([readFile(path, "utf8"), stat(path).then((info) => info.mtime.toISOString())]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as { components?: unknown; component_groups?: unknown } | unknown[];
  // `{ components, component_groups }` (the Management API's list, as schema pull saves it) or a bare list (CLI v3).
  const components = (Array.isArray(parsed) ? parsed : Array.isArray(parsed.components) ? parsed.components : []) as Record<
    string,
    unknown
  >[];
  const groups = (
    !Array.isArray(parsed) && Array.isArray(parsed.component_groups) ? parsed.component_groups : []
  ) as ComponentGroupRecord[];
  const presets: PresetRecord[] = [];
  const records = components
    .filter((c) => typeof c.name === "string" && typeof c.id === "number")
    .map((component) => {
      for (const preset of Array.isArray(component.all_presets) ? (component.all_presets as Record<string, unknown>[]) : []) {
        if (typeof preset.id !== "number" || typeof preset.name !== "string") continue;
        presets.push({
          image: null,
          color: null,
          icon: null,
          description: null,
          ...preset,
          id: preset.id,
          name: preset.name,
          preset: (preset.preset ?? {}) as PresetRecord["preset"],
          component_id: component.id as number,
          space_id: spaceId,
          created_at: at,
          updated_at: at,
        });
      }
      const stored = Object.fromEntries(Object.entries(component).filter(([key]) => !DERIVED.has(key)));
      return { ...componentDefaults(), created_at: at, updated_at: at, ...stored } as ComponentRecord;
    });
  return {
    components: records,
    componentGroups: groups.map((g) => ({ ...g, parent_id: g.parent_id ?? null, parent_uuid: g.parent_uuid ?? null })),
    presets,
  };
}
