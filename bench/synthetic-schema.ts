/**
 * A deterministic, realistic large component schema for benchmarks: N
 * components spread over groups, with every common field kind, bloks fields
 * that are whitelisted, group-restricted or unrestricted (the case that makes
 * naive generators inline the union of every component), and option fields.
 */
export interface SyntheticSchemaOptions {
  components: number;
  groups?: number;
}

type Field = Record<string, unknown> & { type: string; pos: number };

export function synthesizeSchema({ components, groups = 12 }: SyntheticSchemaOptions) {
  const groupList = Array.from({ length: groups }, (_, i) => ({
    name: `Group ${i + 1}`,
    uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`,
    id: 9000 + i,
    parent_id: null,
    parent_uuid: null,
  }));
  const names = Array.from({ length: components }, (_, i) => `block_${String(i).padStart(4, "0")}`);
  const list = names.map((name, i) => {
    const fields: Record<string, Field> = {};
    let pos = 0;
    const add = (key: string, field: Omit<Field, "pos">) => {
      fields[key] = { ...field, pos: pos++ } as Field;
    };
    add("title", { type: "text", required: i % 3 === 0 });
    add("subtitle", { type: "textarea" });
    add("body", { type: "richtext" });
    add("image", { type: "asset", filetypes: ["images"] });
    add("link", { type: "multilink", email_link_type: i % 2 === 0 });
    add("size", {
      type: "option",
      options: ["sm", "md", "lg"].map((value) => ({ name: value.toUpperCase(), value })),
    });
    add("visible", { type: "boolean" });
    add("count", { type: "number" });
    if (i % 4 === 0) add("gallery", { type: "multiasset", filetypes: ["images"] });
    if (i % 5 === 0) add("published", { type: "datetime" });
    // Every third component nests blocks: unrestricted, by group, or by whitelist.
    if (i % 3 === 0) add("items", { type: "bloks" });
    if (i % 3 === 1) {
      add("items", {
        type: "bloks",
        restrict_type: "groups",
        restrict_components: true,
        component_group_whitelist: [groupList[i % groups]!.uuid],
      });
    }
    if (i % 3 === 2) {
      add("items", {
        type: "bloks",
        restrict_components: true,
        component_whitelist: [names[(i + 1) % components], names[(i + 7) % components]],
      });
    }
    return {
      name,
      display_name: `Block ${i}`,
      id: 100000 + i,
      schema: fields,
      is_root: i % 50 === 0,
      is_nestable: i % 50 !== 0,
      component_group_uuid: groupList[i % groups]!.uuid,
      real_name: name,
      preview_field: null,
      image: null,
      all_presets: [],
      preset_id: null,
      color: null,
      icon: null,
    };
  });
  return { components: list, component_groups: groupList };
}
