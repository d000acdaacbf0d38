import type { ComponentRecord } from "./space-records";

/** What Storyblok fills in for a component created with a name alone. */
export function componentDefaults(): Omit<ComponentRecord, "id" | "name" | "created_at" | "updated_at"> {
  return {
    display_name: null,
    description: null,
    schema: {},
    image: null,
    preview_field: null,
    is_root: false,
    preview_tmpl: null,
    is_nestable: true,
    preset_id: null,
    component_group_uuid: null,
    color: null,
    icon: null,
    internal_tag_ids: [],
    content_type_asset_preview: null,
    metadata: {},
  };
}
