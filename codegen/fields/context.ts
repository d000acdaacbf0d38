import type { ComponentModel, FieldModel, SchemaModel } from "../model";
import type { Symbols } from "../symbols";

/**
 * Custom plugin fields typed by their `field_type`: plugin name → the
 * TypeScript type of its value. Types may use names from storyblok.ts.
 */
export type PluginTypes = Readonly<Record<string, string>>;

/** Everything a field transform may look at, and the two things it may do: import a name and report. */
export interface FieldContext {
  model: SchemaModel;
  component: ComponentModel;
  field: FieldModel;
  symbols: Symbols;
  plugins: PluginTypes;
  /** Records a name from storyblok.ts or richtext.ts that the output uses, and returns it. */
  use(name: string): string;
  warn(message: string): void;
  error(message: string): void;
}

/** A field kind's transform: its TypeScript type, or `undefined` when the field holds no data. */
export type FieldTransform = (context: FieldContext) => string | undefined;

/** `A | B` as an array element type needs parentheses. */
export function arrayOf(type: string): string {
  return type.includes(" ") ? `(${type})[]` : `${type}[]`;
}
