import { useId, type FocusEvent } from "react";
import type { TextInputBlok } from "../../generated";
import { CHECKED } from "../rules/contact-rules";
import { editableAttributes } from "../../preview/editable";
import { useFormField } from "./form-context";
import styles from "./TextInput.module.css";

/** Autofill hints: browsers and password managers fill these fields for the reader. */
const AUTOCOMPLETE: Record<string, string> = { email: "email", url: "url", name: "name" };

/** A content limit as an HTML attribute; empty or unparsable means none. */
function attribute(value: string | undefined, { integer }: { integer: boolean }): number | undefined {
  const parsed = Number(value?.trim() || Number.NaN);
  if (!Number.isFinite(parsed)) return undefined;
  return integer ? (parsed >= 0 ? Math.floor(parsed) : undefined) : parsed;
}

function isSubmitButtonOf(target: EventTarget | null, form: HTMLFormElement | null): boolean {
  return target instanceof HTMLButtonElement && target.type === "submit" && target.form === form && form !== null;
}

export function TextInput({ blok }: { blok: TextInputBlok }) {
  const form = useFormField();
  const generated = useId();
  const id = form?.fieldId(blok.name) ?? generated;
  const errorId = `${id}-error`;
  const error = form?.errorFor(blok.name);
  const initial = form?.initialValue(blok.name);
  const inputType = blok.input_type ?? "text";
  const isCheckbox = inputType === "checkbox";
  const isNumber = inputType === "number";
  const invalid = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;
  // Native constraints stay on the element as semantics (and as the no-JS
  // fallback); the form sets noValidate and shows the shared rules' messages.
  const text = {
    id,
    name: blok.name,
    placeholder: blok.placeholder || undefined,
    required: blok.required ?? false,
    minLength: isNumber ? undefined : attribute(blok.min_length, { integer: true }),
    maxLength: isNumber ? undefined : attribute(blok.max_length, { integer: true }),
    defaultValue: initial,
    autoComplete: AUTOCOMPLETE[inputType] ?? AUTOCOMPLETE[blok.name] ?? "off",
    className: styles.control,
    ...invalid,
    // Revealed when the reader leaves the field, never while typing ...
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      // ... except towards the submit button: a message appearing on mousedown
      // would push the button from under the pointer and swallow the click.
      // Submitting shows every message anyway.
      if (isSubmitButtonOf(event.relatedTarget, event.currentTarget.form)) return;
      form?.check(blok, event.currentTarget.value);
    },
    // ... but once shown, a message goes as soon as the value is fixed.
    onChange: (event: { currentTarget: { value: string } }) => {
      if (error) form?.check(blok, event.currentTarget.value, { onlyClear: true });
    },
  };
  const label = (
    <>
      {blok.label}
      {blok.required ? <span className={styles.required}> (required)</span> : <span className={styles.optional}> (optional)</span>}
    </>
  );
  const message = error && (
    <p id={errorId} className={styles.error}>
      {error}
    </p>
  );

  if (isCheckbox) {
    return (
      <div className={`${styles.field} ${styles.wide}`} {...editableAttributes(blok)}>
        <div className={styles.checkboxRow}>
          <input
            id={id}
            type="checkbox"
            name={blok.name}
            value={CHECKED}
            required={blok.required ?? false}
            defaultChecked={initial === CHECKED}
            className={styles.checkbox}
            {...invalid}
            // A checkbox has no typing to wait for: its message shows once its value changed.
            onChange={(event) => form?.check(blok, event.currentTarget.checked)}
          />
          <label htmlFor={id} className={styles.checkboxLabel}>
            {label}
          </label>
        </div>
        {message}
      </div>
    );
  }
  return (
    <div className={`${styles.field} ${inputType === "textarea" ? styles.wide : ""}`} {...editableAttributes(blok)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {inputType === "textarea" ? (
        <textarea rows={5} {...text} />
      ) : (
        <input
          type={inputType}
          {...(isNumber && { step: "any", min: attribute(blok.min, { integer: false }), max: attribute(blok.max, { integer: false }) })}
          {...text}
        />
      )}
      {message}
    </div>
  );
}
