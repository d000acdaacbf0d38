/** The generator as a library: schema in, files and diagnostics out. Its CLI (cli/bin.ts) touches the disk; scaffolding is the "./scaffold" export, which loads ts-morph. */
export { generate, hasErrors, type GenerateOptions, type GenerateResult } from "./generate.js";
export { formatDiagnostic, reportLines, type ReportOptions } from "./diagnostics.js";
export { WARNING_CODES, type DiagnosticCode, type WarningCode, type ErrorCode } from "./diagnostic-codes.js";
export { pascalCase } from "./naming.js";
export { DEFAULT_REGENERATE_COMMAND, fileHeader, isGeneratedText } from "./emit/header.js";
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
export { readRawSchema } from "./normalise/schema.js";
