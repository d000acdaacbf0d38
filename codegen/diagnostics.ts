import type { Diagnostic } from "./model";

/** `error: component "hero_section", field "theme": has no option values`. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = [
    diagnostic.component === undefined ? undefined : `component "${diagnostic.component}"`,
    diagnostic.field === undefined ? undefined : `field "${diagnostic.field}"`,
  ].filter(Boolean);
  return `${diagnostic.severity}: ${where.length > 0 ? `${where.join(", ")}: ` : ""}${diagnostic.message}`;
}
