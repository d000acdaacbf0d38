import type { Diagnostic, GeneratedFile, SchemaModel } from "../model.js";
import { compareNames } from "../sort.js";

/**
 * `RESOLVE_RELATIONS` is what the site sends as `resolve_relations`, and the
 * list the generator used to type those fields as `string | Story`. Entries
 * that name no story-reference field are kept (Storyblok ignores them) but
 * warned about, since they are almost always typos.
 */
export function relationsFile(model: SchemaModel, header: string, report: (d: Diagnostic) => void): GeneratedFile {
  const relations = [...model.resolveRelations].sort(compareNames);
  for (const relation of relations) checkRelation(model, relation, report);
  const items = relations.map((relation) => `  ${JSON.stringify(relation)},`);
  const value = items.length === 0 ? "[] as const" : `[\n${items.join("\n")}\n] as const`;
  const body = `\n/** Sent as \`resolve_relations\`; these fields are typed \`string | StoryblokStory<…>\`. */\nexport const RESOLVE_RELATIONS = ${value};\n`;
  return { path: "relations.ts", contents: header + body };
}

function checkRelation(model: SchemaModel, relation: string, report: (d: Diagnostic) => void): void {
  const [componentName, fieldKey, ...rest] = relation.split(".");
  const component = model.components.find((c) => c.name === componentName);
  const field = component?.fields.find((f) => f.key === fieldKey);
  const isStoryField = field !== undefined && (field.type === "option" || field.type === "options") && field.source === "internal_stories";
  if (rest.length === 0 && isStoryField) return;
  report({
    severity: "warning",
    code: "relation-not-story-field",
    component: componentName,
    field: fieldKey,
    message: `resolve_relations entry "${relation}" does not name an option/options field with source internal_stories`,
  });
}
