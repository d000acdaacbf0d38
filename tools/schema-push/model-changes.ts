/**
 * Which field changes stories in the space may not survive, judged as
 * `portfolio check` and `migrate new` judge them (codegen/migrate's
 * isBreaking): from the TypeScript types the generator writes for the
 * space's components and for schema/'s. So a change Storyblok calls a new
 * field type but whose old values all still fit (text → textarea, an option
 * added, a field made optional) is not breaking, while an option removed,
 * a whitelist narrowed or a new required field is, as it is for `check`.
 *
 * Both sides are generated with the same relations and plugins (schema/'s)
 * and the datasources each side will have, so only the components make a
 * difference. A component the generator cannot type on either side is
 * judged by the raw rule instead (a field removed or its Storyblok type
 * changed), which errs towards breaking.
 */
import {
  generate,
  modelChanges,
  type ComponentChange,
  isBreaking,
  readPluginTypes,
  readSchemaDocuments,
  readSideFile,
} from "storyblok-typed-codegen";
import type { BreakingChange } from "./plan-model";
import type { LocalSchema, SpaceSchema } from "./schema-model";

export interface ModelJudgement {
  /** Field changes existing values may not fit, with the block they are in. */
  breaking: (BreakingChange & { block: string })[];
  /** Components left untyped on either side: their fields are judged by the raw rule. */
  untyped: ReadonlySet<string>;
}

export function judgeFieldChanges(schemaDir: string, local: LocalSchema, space: SpaceSchema): ModelJudgement {
  const relations = readSideFile(undefined, schemaDir, "relations").value;
  const plugins = readSideFile(undefined, schemaDir, "plugins");
  const pluginTypes = readPluginTypes(plugins.value, plugins.path ?? "");
  const spaceDatasources = space.datasources.map(({ datasource, entries }) => ({
    slug: datasource.slug,
    entries: entries.map((entry) => ({ value: entry.value })),
  }));
  // Without datasources.json the push leaves the space's datasources alone: both sides have those.
  const localDatasources =
    local.datasources?.map(({ slug, entries }) => ({ slug, entries: entries.map((entry) => ({ value: entry.value })) })) ??
    spaceDatasources;

  const before = generate({
    documents: [{ components: space.components, component_groups: space.groups }],
    relations,
    datasources: spaceDatasources,
    plugins: pluginTypes,
    schemaLabel: "the space",
  });
  const after = generate({
    documents: readSchemaDocuments(schemaDir),
    relations,
    datasources: localDatasources,
    plugins: pluginTypes,
    schemaLabel: schemaDir,
  });
  const untyped = new Set([...before.skipped, ...after.skipped]);
  const breaking = modelChanges(before.files, after.files)
    .filter((change) => change.kind.startsWith("field-") && !untyped.has(change.block) && isBreaking(change))
    .map((change) => ({
      block: change.block,
      subject: `field ${change.block}.${(change as { field: string }).field}`,
      reason: reasonOf(change),
    }));
  return { breaking, untyped };
}

/** `?: string` → `optional string`, `: string` → `required string`. */
function described(type: string): string {
  return type.startsWith("?") ? `optional ${type.replace(/^\?: /, "")}` : `required ${type.replace(/^: /, "")}`;
}

function reasonOf(change: ComponentChange): string {
  switch (change.kind) {
    case "field-added":
      return `added, ${described(change.type)}: stories in the space have no value for it`;
    case "field-removed":
      return "removed";
    case "field-retyped":
      return `retyped ${described(change.was)} → ${described(change.type)}: some values may not fit`;
    case "field-untranslated":
      return "no longer translatable: its translations in the space's stories are no longer served";
    default:
      return change.kind;
  }
}
