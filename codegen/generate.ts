import { componentsFile } from "./emit/components-file";
import { engineFile } from "./emit/engine-file";
import { indexFile } from "./emit/index-file";
import { registryFile } from "./emit/registry-file";
import { relationsFile } from "./emit/relations-file";
import { richTextFile } from "./emit/richtext-file";
import { storyblokFile } from "./emit/storyblok-file";
import { validatorsFile } from "./emit/validators-file";
import { FIELD_TRANSFORMS, type PluginTypes } from "./fields";
import type { Diagnostic, GeneratedFile, SchemaModel } from "./model";
import { normaliseSchema, type RawSchemaInput } from "./normalise/schema";
import { compareNames } from "./sort";
import { buildSymbols } from "./symbols";

export interface GenerateOptions extends RawSchemaInput {
  /** How the header names the schema, e.g. `schema/components.json`. */
  schemaLabel: string;
  /** Extra custom-plugin types by `field_type`; they win over the built-ins. */
  plugins?: PluginTypes;
  /** Write nothing when any component cannot be typed, instead of leaving it out. */
  strict?: boolean;
}

export interface GenerateResult {
  /**
   * Sorted by path. Components that cannot be typed are left out (and listed
   * in `skipped`); empty when the input as a whole is unusable (not a schema,
   * a broken relations file) or, with `strict`, on any error.
   */
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
  /** Components left out because no sound type could be written for them, sorted. */
  skipped: string[];
}

/** Schema in, files out. Pure: no process state, no clock; the one file read is the engine's source (see emit/engine-file.ts). */
export function generate(options: GenerateOptions): GenerateResult {
  const diagnostics: Diagnostic[] = [];
  const report = (diagnostic: Diagnostic) => diagnostics.push(diagnostic);
  const model = withoutUntypable(normaliseSchema(options, report), report);
  const skipped = [...new Set(diagnostics.filter((d) => d.severity === "error" && d.component !== undefined).map((d) => d.component!))].sort(compareNames);
  const symbols = buildSymbols(model, report);
  const label = options.schemaLabel;
  const files = [
    componentsFile({ model, symbols, plugins: options.plugins ?? {}, schemaLabel: label, report }),
    engineFile(label),
    indexFile(label),
    registryFile(label),
    relationsFile(model, label, report),
    richTextFile(label),
    storyblokFile(label),
    validatorsFile(model, symbols, label),
  ].sort((a, b) => compareNames(a.path, b.path));
  const unusable = diagnostics.some((d) => d.severity === "error" && (d.component === undefined || options.strict === true));
  return { files: unusable ? [] : files, diagnostics, skipped };
}

/** Components with a field of a type the generator does not know cannot be typed soundly: they are left out, each with an error. */
function withoutUntypable(model: SchemaModel, report: (diagnostic: Diagnostic) => void): SchemaModel {
  const components = model.components.filter((component) => {
    const unknown = component.fields.filter((field) => !Object.hasOwn(FIELD_TRANSFORMS, field.type));
    for (const field of unknown) {
      report({ severity: "error", code: "field-type-unknown", component: component.name, field: field.key, message: `unknown field type "${field.type}"; the component is skipped` });
    }
    return unknown.length === 0;
  });
  return { ...model, components, componentNames: new Set(components.map((component) => component.name)) };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === "error");
}
