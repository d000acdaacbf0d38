/** The generator as a library: schema in, files and diagnostics out. Its CLI is the "./cli" export (cli/bin.ts is the bin); scaffolding is the "./scaffold" export, which loads ts-morph; the validation engine generated guards run on is "./engine". */
export { generate, hasErrors, type GenerateOptions, type GenerateResult } from "./generate.js";
export { formatDiagnostic, reportLines, type ReportOptions } from "./diagnostics.js";
export { WARNING_CODES, type DiagnosticCode, type WarningCode, type ErrorCode } from "./diagnostic-codes.js";
export { pascalCase, propertyKey } from "./naming.js";
export { DEFAULT_REGENERATE_COMMAND, fileHeader, isGeneratedText } from "./emit/header.js";
export { withImportExtension, type ImportExtension } from "./emit/import-extension.js";
export { BUILT_IN_PLUGINS } from "./fields/custom.js";
export type { PluginTypes } from "./fields/index.js";
export type { Diagnostic, GeneratedFile, Severity } from "./model.js";
export { findDrift, type Drift } from "./drift/compare.js";
export { unifiedDiff } from "./drift/unified-diff.js";
export {
  componentChanges,
  componentsSource,
  formatChange,
  summariseComponentChanges,
  type ComponentChange,
} from "./drift/semantic-summary.js";
export { localesSource, modelChanges, modelChangesOf, parseTranslatableFields } from "./drift/translation-changes.js";
export { pulledSchemaFiles, spaceLanguages, type PulledLanguages, type PulledSchema } from "./pull/pull-schema.js";
/** The normalised model generate() types from (components, their fields and restrictions), for a tool that reads the schema as the generator does. */
export { normaliseSchema, readRawSchema, type RawSchemaInput } from "./normalise/schema.js";
export type { BlokRestriction, ComponentModel, FieldModel, GroupModel, SchemaModel } from "./model.js";
export { allowedNames } from "./fields/blok-union.js";
export { EXIT } from "./exit-codes.js";
/** Schema reading: the files `generate` reads (a schema file or folder and the side files beside it), as the CLI reads them. */
export {
  BadInput,
  isDirectory,
  isSideFile,
  readPluginTypes,
  readSchemaDocuments,
  readSideFile,
  SIDE_KINDS,
  type SideKind,
} from "./schema-files.js";
export { readLanguagesFile } from "./normalise/languages.js";
export type { SpaceLanguage } from "./model.js";
export { compareNames } from "./sort.js";
/** Migration planning: which schema changes need a content migration, and the scaffold and types `migrate new` writes. */
export * from "./migrate/index.js";
