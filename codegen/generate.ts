import { componentsFile } from "./emit/components-file";
import { indexFile } from "./emit/index-file";
import { registryFile } from "./emit/registry-file";
import { relationsFile } from "./emit/relations-file";
import { richTextFile } from "./emit/richtext-file";
import { storyblokFile } from "./emit/storyblok-file";
import { validatorsFile } from "./emit/validators-file";
import type { PluginTypes } from "./fields";
import type { Diagnostic, GeneratedFile } from "./model";
import { normaliseSchema, type RawSchemaInput } from "./normalise/schema";
import { compareNames } from "./sort";
import { buildSymbols } from "./symbols";

export interface GenerateOptions extends RawSchemaInput {
  /** How the header names the schema, e.g. `schema/components.json`. */
  schemaLabel: string;
  /** Extra custom-plugin types by `field_type`; they win over the built-ins. */
  plugins?: PluginTypes;
}

export interface GenerateResult {
  /** Sorted by path. Empty when there is any error: half-typed output is worse than none. */
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
}

/** Schema in, files out. Pure: no disk, no clock, no process state. */
export function generate(options: GenerateOptions): GenerateResult {
  const diagnostics: Diagnostic[] = [];
  const report = (diagnostic: Diagnostic) => diagnostics.push(diagnostic);
  const model = normaliseSchema(options, report);
  const symbols = buildSymbols(model, report);
  const label = options.schemaLabel;
  const files = [
    componentsFile({ model, symbols, plugins: options.plugins ?? {}, schemaLabel: label, report }),
    indexFile(label),
    registryFile(label),
    relationsFile(model, label, report),
    richTextFile(label),
    storyblokFile(label),
    validatorsFile(model, symbols, label),
  ].sort((a, b) => compareNames(a.path, b.path));
  return { files: hasErrors(diagnostics) ? [] : files, diagnostics };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === "error");
}
