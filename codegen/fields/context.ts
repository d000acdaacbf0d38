import type { WarningCode } from "../diagnostic-codes.js";
import type { ComponentModel, FieldModel, SchemaModel } from "../model.js";
import type { Symbols } from "../symbols.js";

/**
 * Custom plugin fields typed by their `field_type`: plugin name → the
 * TypeScript type of its value. Types may use names from storyblok.ts.
 */
export type PluginTypes = Readonly<Record<string, string>>;

/** Everything a field transform may look at, and what it may do: import a name, declare its bloks alias, report. */
export interface FieldContext {
  model: SchemaModel;
  component: ComponentModel;
  field: FieldModel;
  symbols: Symbols;
  plugins: PluginTypes;
  /** Records a name from storyblok.ts or richtext.ts that the output uses, and returns it. */
  use: (name: string) => string;
  /** Declares this field's named union (`symbols.bloks`) with these members next to its component; returns the name. */
  declareBloksAlias: (members: readonly string[]) => string;
  warn: (code: WarningCode, message: string) => void;
}

/** A field kind's transform: its TypeScript type, or `undefined` when the field holds no data. */
export type FieldTransform = (context: FieldContext) => string | undefined;

/** `A | B` as an array element type needs parentheses. */
export function arrayOf(type: string): string {
  return type.includes(" ") ? `(${type})[]` : `${type}[]`;
}
