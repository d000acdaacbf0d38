import { useId } from "react";
import type { TextInputBlok } from "../generated";
import { editableAttributes } from "../site/editable";
import { useFormField } from "../ui/form-context";
import styles from "./TextInput.module.css";

/** Autofill hints: browsers and password managers fill these fields for the reader. */
const AUTOCOMPLETE: Record<string, string> = { email: "email", tel: "tel", url: "url", name: "name" };

function numberOrUndefined(value: string | undefined): number | undefined {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

export function TextInput({ blok }: { blok: TextInputBlok }) {
  const form = useFormField();
  const id = useId();
  const errorId = `${id}-error`;
  const error = form?.errorFor(blok.name);
  const inputType = blok.input_type ?? "text";
  const onCheck = (value: string) => form?.check(blok, value);
  // Native constraints stay on the element as semantics (and as the no-JS
  // fallback); the form sets noValidate and shows the shared rules' messages.
  const shared = {
    id,
    name: blok.name,
    placeholder: blok.placeholder || undefined,
    required: blok.required ?? false,
    minLength: numberOrUndefined(blok.min_length),
    maxLength: numberOrUndefined(blok.max_length),
    autoComplete: AUTOCOMPLETE[inputType] ?? AUTOCOMPLETE[blok.name] ?? "off",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: styles.control,
    onBlur: (event: { currentTarget: { value: string } }) => onCheck(event.currentTarget.value),
    onChange: (event: { currentTarget: { value: string } }) => {
      if (error) onCheck(event.currentTarget.value);
    },
  };
  return (
    <div className={`${styles.field} ${inputType === "textarea" ? styles.wide : ""}`} {...editableAttributes(blok)}>
      <label htmlFor={id} className={styles.label}>
        {blok.label}
        {blok.required ? <span className={styles.required}> (required)</span> : <span className={styles.optional}> (optional)</span>}
      </label>
      {inputType === "textarea" ? <textarea rows={5} {...shared} /> : <input type={inputType} {...shared} />}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
