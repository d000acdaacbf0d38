import { ERRORS, WARNINGS } from "./diagnostic-codes.js";
import type { Diagnostic } from "./model.js";
import { compareNames } from "./sort.js";

/** `warning[option-without-values]: component "hero_section", field "theme": has no option values; typed as string`. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = [
    diagnostic.component === undefined ? undefined : `component "${diagnostic.component}"`,
    diagnostic.field === undefined ? undefined : `field "${diagnostic.field}"`,
  ].filter(Boolean);
  return `${diagnostic.severity}[${diagnostic.code}]: ${where.length > 0 ? `${where.join(", ")}: ` : ""}${diagnostic.message}`;
}

export interface ReportOptions {
  /** List every diagnostic instead of summing up codes seen more than `groupAbove` times. */
  verbose?: boolean;
  /** Warning codes not to show (`--no-warn`); errors are always shown. */
  silenced?: ReadonlySet<string>;
  /** A code seen more often than this is shown as one counted line. Default 3. */
  groupAbove?: number;
}

/**
 * The lines a user sees: errors first, then warnings, each sorted by code and
 * place so the report does not depend on schema order. A code that occurs
 * often becomes one line with its count and a first example, so one noisy
 * kind does not bury the rest.
 */
export function reportLines(diagnostics: readonly Diagnostic[], options: ReportOptions = {}): string[] {
  const groupAbove = options.groupAbove ?? 3;
  const shown = diagnostics.filter((d) => d.severity === "error" || !options.silenced?.has(d.code));
  const byCode = new Map<string, Diagnostic[]>();
  for (const diagnostic of shown) {
    const key = `${diagnostic.severity === "error" ? 0 : 1} ${diagnostic.code}`;
    const group = byCode.get(key);
    if (group === undefined) byCode.set(key, [diagnostic]);
    else group.push(diagnostic);
  }
  const lines: string[] = [];
  for (const key of [...byCode.keys()].sort(compareNames)) {
    const group = byCode.get(key)!;
    if (options.verbose || group.length <= groupAbove) {
      lines.push(...group.sort(compareDiagnostics).map(formatDiagnostic));
      continue;
    }
    // A counted line shows only the group's first: found in one pass, not by sorting hundreds (a schema's 735 plugin fields).
    const first = group.reduce((min, diagnostic) => (compareDiagnostics(diagnostic, min) < 0 ? diagnostic : min));
    const summary = first.severity === "error" ? ERRORS[first.code as keyof typeof ERRORS] : WARNINGS[first.code as keyof typeof WARNINGS];
    const example = [first.component, first.field].filter((part) => part !== undefined).join(".");
    lines.push(`${first.severity}[${first.code}]: ${group.length} ${summary}${example ? ` (e.g. ${example})` : ""}; --verbose lists all`);
  }
  const hidden = diagnostics.length - shown.length;
  if (hidden > 0) lines.push(`(${hidden} warning${hidden === 1 ? "" : "s"} silenced with --no-warn)`);
  return lines;
}

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    compareNames(a.code, b.code) ||
    compareNames(a.component ?? "", b.component ?? "") ||
    compareNames(a.field ?? "", b.field ?? "") ||
    compareNames(a.message, b.message)
  );
}
