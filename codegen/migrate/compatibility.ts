/**
 * Which content-model changes existing content may not survive: what
 * `portfolio check` asks a migration for, and what a scaffold leaves a hole
 * for. Read from the field types the generator writes (`?: string`,
 * `: ("a" | "b")[]`, `?: RichTextDoc<LinkBlok>`), as the change summary
 * lists them. The scaffold's real judge is tsc; this is the judgement that
 * needs no compiler, and it errs towards "breaking": a type it cannot read
 * as a widening needs a migration.
 */
import type { ComponentChange } from "../drift/semantic-summary.js";

/** A required field added, a block or field removed, a field retyped so that an old value may not fit, or one no longer translatable. */
export function isBreaking(change: ComponentChange): boolean {
  switch (change.kind) {
    case "block-added":
      return false;
    case "field-added":
      return !change.type.startsWith("?");
    case "block-removed":
    case "field-removed":
      return true;
    case "field-retyped":
      return !fitsWithoutMigration(change.was, change.type);
    // Its translations stay in content, never served: a migration drops them or keeps one as the value.
    case "field-untranslated":
      return true;
    case "field-translated":
      return false;
  }
}

/**
 * Whether every value of field type `was` is a value of field type `type`:
 * the same type, a required field made optional, or a union that only
 * gained members (an option value, a block kind allowed, a link type),
 * inside arrays and generic wrappers alike.
 */
export function fitsWithoutMigration(was: string, type: string): boolean {
  const wasOptional = was.startsWith("?");
  if (wasOptional && !type.startsWith("?")) return false;
  return fits(was.replace(/^\??: /, ""), type.replace(/^\??: /, ""));
}

function fits(old: string, now: string): boolean {
  if (old === now || old === "never") return true;
  const oldMembers = splitTopLevel(old, "|");
  const newMembers = splitTopLevel(now, "|");
  if (oldMembers.length > 1 || newMembers.length > 1)
    return oldMembers.every((member) => newMembers.some((candidate) => fits(member, candidate)));
  if (old.endsWith("[]") && now.endsWith("[]")) return fits(unparenthesise(old.slice(0, -2)), unparenthesise(now.slice(0, -2)));
  const oldGeneric = /^([\w$]+)<(.*)>$/.exec(old);
  const newGeneric = /^([\w$]+)<(.*)>$/.exec(now);
  if (oldGeneric && newGeneric && oldGeneric[1] === newGeneric[1]) return fits(oldGeneric[2]!, newGeneric[2]!);
  return false;
}

/** `(A | B)` → `A | B` when the brackets enclose the whole type (not in `(A)[] | (B)`). */
function unparenthesise(type: string): string {
  if (!type.startsWith("(")) return type;
  let depth = 0;
  for (let i = 0; i < type.length; i += 1) {
    if (type[i] === "(") depth += 1;
    else if (type[i] === ")") depth -= 1;
    if (depth === 0) return i === type.length - 1 ? type.slice(1, -1) : type;
  }
  return type;
}

/** `a | (b | c)[] | X<d | e>` split on the separator where it is outside brackets and strings. */
function splitTopLevel(type: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < type.length; i += 1) {
    const char = type[i]!;
    if (quote !== undefined) {
      if (char === "\\") i += 1;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if ("([{<".includes(char)) depth += 1;
    else if (")]}>".includes(char)) depth -= 1;
    else if (depth === 0 && char === separator) {
      parts.push(type.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(type.slice(start).trim());
  return parts;
}
