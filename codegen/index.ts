/** The generator as a library: schema in, files and diagnostics out. The CLI in bin/ touches the disk. */
export { generate, hasErrors, type GenerateOptions, type GenerateResult } from "./generate";
export { formatDiagnostic, reportLines, type ReportOptions } from "./diagnostics";
export { WARNING_CODES, type DiagnosticCode, type WarningCode, type ErrorCode } from "./diagnostic-codes";
export { pascalCase } from "./naming";
export { BUILT_IN_PLUGINS } from "./fields/custom";
export type { PluginTypes } from "./fields";
export type { Diagnostic, GeneratedFile, Severity } from "./model";
export { findDrift, type Drift } from "./drift/compare";
export { unifiedDiff } from "./drift/unified-diff";
export { componentChanges, componentsSource, formatChange, summariseComponentChanges, type ComponentChange } from "./drift/semantic-summary";
export { pulledSchemaFiles, type PulledSchema } from "./pull/pull-schema";
export { readRawSchema } from "./normalise/schema";
