import { createContext, useContext } from "react";
import type { FieldRule } from "../rules/contact-rules";

/**
 * What a form tells its fields. The text_input renderer is registered like
 * every block (props: just the blok), so the enclosing form reaches it
 * through context rather than props.
 */
export interface FormFieldContext {
  /**
   * The field's element id. The contact form is its own React root in the
   * browser (src/contact/form/ContactForm.tsx), where useId would not give the ids
   * the server rendered, so the form hands out ids derived from one it got.
   */
  fieldId(name: string): string;
  errorFor(name: string): string | undefined;
  /** What the reader typed before a no-JavaScript post came back with errors. */
  initialValue(name: string): string | undefined;
  /**
   * Checks a field: on blur (a checkbox: on change) to reveal its message, or
   * with `onlyClear` while the reader types into a field that shows one, so
   * the message goes as soon as the value is fixed but never appears mid-word.
   */
  check(rule: FieldRule, value: unknown, options?: { onlyClear?: boolean }): void;
}

export const FormContext = createContext<FormFieldContext | null>(null);

export function useFormField(): FormFieldContext | null {
  return useContext(FormContext);
}
