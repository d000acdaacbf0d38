import { componentsFile } from "./emit/components-file.js";
import { engineFile } from "./emit/engine-file.js";
import { fileHeader } from "./emit/header.js";
import { withImportExtension, type ImportExtension } from "./emit/import-extension.js";
import { indexFile } from "./emit/index-file.js";
import { localesFile } from "./emit/locales-file.js";
import { registryFile } from "./emit/registry-file.js";
import { relationsFile } from "./emit/relations-file.js";
import { richTextFile } from "./emit/richtext-file.js";
import { storyblokFile } from "./emit/storyblok-file.js";
import { validatorsFile } from "./emit/validators-file.js";
import { isFieldType, type PluginTypes } from "./fields/index.js";
import type { Diagnostic, GeneratedFile, SchemaModel } from "./model.js";
import { normaliseSchema, type RawSchemaInput } from "./normalise/schema.js";
import { compareNames } from "./sort.js";
import { buildSymbols, type Symbols } from "./symbols.js";

export interface GenerateOptions extends RawSchemaInput {
  /** How the header names the schema, e.g. `schema/components.json`. */
  schemaLabel: string;
  /** The command the header says rebuilds the files; `npx storyblok-typed-codegen generate` by default. */
  command?: string;
  /** Extra custom-plugin types by `field_type`; they win over the built-ins. */
  plugins?: PluginTypes;
  /** Write nothing when any component cannot be typed, instead of leaving it out. */
  strict?: boolean;
  /** `.js` on relative imports, for `node16`/`nodenext` module resolution; none by default (bundlers). */
  importExtension?: ImportExtension;
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

/** Schema in, files out. Pure: no file read, no process state, no clock. */
export function generate(options: GenerateOptions): GenerateResult {
  const diagnostics: Diagnostic[] = [];
  const report = (diagnostic: Diagnostic) => diagnostics.push(diagnostic);
  const model = withoutUntypable(normaliseSchema(options, report), report);
  const skipped = [
    ...new Set(diagnostics.filter((d) => d.severity === "error" && d.component !== undefined).map((d) => d.component!)),
  ].sort(compareNames);
  const symbols = buildSymbols(model, report);
  const header = fileHeader(options.schemaLabel, options.command);
  const files = [
    componentsFile({ model, symbols, plugins: options.plugins ?? {}, header, report }),
    engineFile(header),
    indexFile(header),
    localesFile(model, header),
    registryFile(model, header),
    relationsFile(model, symbols, header, report),
    richTextFile(header),
    storyblokFile(header),
    validatorsFile(model, symbols, header),
  ]
    .map((file) => ({ ...file, contents: withImportExtension(file.contents, options.importExtension ?? "") }))
    .sort((a, b) => compareNames(a.path, b.path));
  const unusable = diagnostics.some((d) => d.severity === "error" && (d.component === undefined || options.strict === true));
  return { files: unusable ? [] : files, diagnostics, skipped };
}

/**
 * The schema as the emitters see it (components that can be typed, and their
 * names): for tools that write code against the generated files (scaffold).
 */
export function analyseSchema(options: RawSchemaInput): { model: SchemaModel; symbols: Symbols; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const report = (diagnostic: Diagnostic) => diagnostics.push(diagnostic);
  const model = withoutUntypable(normaliseSchema(options, report), report);
  return { model, symbols: buildSymbols(model, report), diagnostics };
}

/** Components with a field of a type the generator does not know cannot be typed soundly: they are left out, each with an error. */
function withoutUntypable(model: SchemaModel, report: (diagnostic: Diagnostic) => void): SchemaModel {
  const components = model.components.filter((component) => {
    const unknown = component.fields.filter((field) => !isFieldType(field.type));
    for (const field of unknown) {
      report({
        severity: "error",
        code: "field-type-unknown",
        component: component.name,
        field: field.key,
        message: `unknown field type "${field.type}"; the component is skipped`,
      });
    }
    return unknown.length === 0;
  });
  return { ...model, components, componentNames: new Set(components.map((component) => component.name)) };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === "error");
}
