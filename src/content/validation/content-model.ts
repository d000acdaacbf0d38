/**
 * The parts of `schema/components.json` (Storyblok's Management API format)
 * that story validation reads. Kept deliberately loose: the generator owns
 * full normalisation; here we only need field kinds, requirements and
 * allowed values to tell an author what is wrong with a story file.
 */
export interface RawField {
  type: string;
  required?: boolean;
  options?: { name?: string; value: string }[];
  source?: string;
  max_length?: string | number;
  minimum?: string | number;
  maximum?: string | number;
  max_options?: string | number;
  restrict_components?: boolean;
  restrict_type?: string;
  component_whitelist?: string[];
  component_group_whitelist?: string[];
  email_link_type?: boolean;
  asset_link_type?: boolean;
}

export interface RawComponent {
  name: string;
  schema: Record<string, RawField>;
  is_root?: boolean;
  is_nestable?: boolean;
  component_group_uuid?: string | null;
}

export interface ContentModel {
  components: RawComponent[];
}

/** Field kinds that only arrange the editor UI and hold no data. */
export const LAYOUT_FIELD_TYPES: ReadonlySet<string> = new Set(["tab", "section"]);

export function findComponent(model: ContentModel, name: string): RawComponent | undefined {
  return model.components.find((c) => c.name === name);
}

/** Components a `bloks` or `richtext` field accepts, or `undefined` when unrestricted. */
export function allowedComponents(model: ContentModel, field: RawField): Set<string> | undefined {
  if (!field.restrict_components) return undefined;
  if (field.restrict_type === "groups") {
    const groups = new Set(field.component_group_whitelist ?? []);
    return new Set(
      model.components
        .filter((c) => c.component_group_uuid && groups.has(c.component_group_uuid))
        .map((c) => c.name),
    );
  }
  return new Set(field.component_whitelist ?? []);
}
