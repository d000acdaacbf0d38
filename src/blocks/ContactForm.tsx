import { useMemo, useRef, useState, type FormEvent } from "react";
import type { TextInputBlok } from "../generated";
import { sendContactMessage } from "../site/contact-client";
import { validateField, validateSubmission, type FieldErrors, type FieldRule } from "../site/contact-rules";
import { FormContext, type FormFieldContext } from "../ui/form-context";
import { TextInput } from "./TextInput";
import styles from "./ContactForm.module.css";

type Status = "idle" | "sending" | "sent" | "invalid" | "failed";

const STATUS_TEXT: Record<Status, string> = {
  idle: "",
  sending: "Sending…",
  sent: "Thank you! Your message is on its way; I usually reply within two working days.",
  invalid: "Please check the highlighted fields.",
  failed: "Sorry, the message could not be sent. Please try again, or write to me directly.",
};

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === "string") values[key] = value;
  });
  return values;
}

export function ContactForm({ fields, submitLabel }: { fields: readonly TextInputBlok[]; submitLabel: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>("idle");

  const context = useMemo<FormFieldContext>(
    () => ({
      errorFor: (name) => errors[name],
      check: (rule: FieldRule, value: string) =>
        setErrors((current) => {
          const { [rule.name]: _previous, ...rest } = current;
          const message = validateField(rule, value);
          return message ? { ...rest, [rule.name]: message } : rest;
        }),
    }),
    [errors],
  );

  const focusFirstInvalid = (invalid: FieldErrors) => {
    const first = fields.find((field) => invalid[field.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(first.name)}"]`)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = validateSubmission(fields, formValues(form));
    if (!result.ok) {
      setErrors(result.errors);
      setStatus("invalid");
      focusFirstInvalid(result.errors);
      return;
    }
    setErrors({});
    setStatus("sending");
    const sent = await sendContactMessage(result.values);
    if (sent.kind === "sent") form.reset();
    if (sent.kind === "invalid") {
      setErrors(sent.errors);
      focusFirstInvalid(sent.errors);
    }
    setStatus(sent.kind);
  }

  return (
    <FormContext.Provider value={context}>
      <form ref={formRef} className={styles.form} method="post" action="/api/contact" noValidate onSubmit={onSubmit}>
        {fields.map((field) => (
          <TextInput key={field._uid} blok={field} />
        ))}
        <div className={styles.actions}>
          <button type="submit" className={styles.submit} disabled={status === "sending"}>
            {submitLabel}
          </button>
          {/* One polite live region announces progress, success and failure. */}
          <p role="status" className={`${styles.status} ${styles[status] ?? ""}`}>
            {STATUS_TEXT[status]}
          </p>
        </div>
      </form>
    </FormContext.Provider>
  );
}
