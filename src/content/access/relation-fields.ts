/** A list of relations (`"card_list.projects"`) by component and field: what walks over content look up for each block. */
export type RelationFields<R extends string = string> = ReadonlyMap<string, ReadonlyMap<string, R>>;

export function relationFieldsOf<R extends string>(relations: readonly R[]): RelationFields<R> {
  const fields = new Map<string, Map<string, R>>();
  for (const relation of relations) {
    const [component = "", field = ""] = relation.split(".");
    fields.set(component, (fields.get(component) ?? new Map<string, R>()).set(field, relation));
  }
  return fields;
}

/** The relation `object` (a block) holds as `key`, when the list names it. */
export function relationAt<R extends string>(fields: RelationFields<R>, object: Record<string, unknown>, key: string): R | undefined {
  return typeof object.component === "string" ? fields.get(object.component)?.get(key) : undefined;
}
