import { createContext, useContext } from "react";
import type { FieldRule } from "../site/contact-rules";

/**
 * What a form tells its fields. The text_input renderer is registered like
 * every block (props: just the blok), so the enclosing form reaches it
 * through context rather than props.
 */
export interface FormFieldContext {
  errorFor(name: string): string | undefined;
  /** Called on blur and, once a field shows an error, on every change. */
  check(rule: FieldRule, value: string): void;
}

export const FormContext = createContext<FormFieldContext | null>(null);

export function useFormField(): FormFieldContext | null {
  return useContext(FormContext);
}
