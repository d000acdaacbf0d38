import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { TextInputBlok } from "../../generated/index";
import { sendContactMessage } from "./contact-client";
import { CONTACT_PAGE_PATH, HONEYPOT_FIELD, INTERACTIVE_ATTRIBUTE, LOCALE_FIELD } from "../rules/contact-fields";
import { localePath } from "../../i18n/locale-paths";
import type { Locale } from "../../i18n/locales";
import { CONTACT_MESSAGE_TABLES } from "../rules/contact-messages";
import type { ContactOutcome, ContactStatus } from "./contact-outcome";
import { normaliseValue, validateField, validateSubmission, type FieldErrors, type FieldRule } from "../rules/contact-rules";
import { statusText } from "../rules/contact-status";
import { FormContext, type FormFieldContext } from "./form-context";
import { TextInput } from "./TextInput";
import styles from "./ContactForm.module.css";

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === "string") values[key] = value;
  });
  return values;
}

export interface ContactFormProps {
  fields: readonly TextInputBlok[];
  submitLabel: string;
  /** After a no-JavaScript post the /contact page hands the server's answer in. */
  outcome: ContactOutcome | null;
  /** Prefix of the fields' ids (see FormFieldContext.fieldId). */
  idPrefix: string;
  /** The page's language: the form's messages are in it, and the server answers in it. */
  locale: Locale;
}

/**
 * The contact form with its client behaviour: instant validation, sending
 * without leaving the page, the send states. Everything it needs comes in
 * props, not from the page's context: in the browser it is its own React
 * root, loaded and hydrated by ContactForm.tsx only once the form nears the
 * viewport, so its code is not in the scripts a page starts with.
 */
export function ContactFormInteractive({ fields, submitLabel, outcome, idPrefix, locale }: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(outcome?.errors ?? {});
  const [status, setStatus] = useState<ContactStatus>(outcome?.status ?? "idle");

  const context = useMemo<FormFieldContext>(
    () => ({
      fieldId: (name) => `${idPrefix}-${name}`,
      errorFor: (name) => errors[name],
      initialValue: (name) => outcome?.values[name],
      check: (rule: FieldRule, raw: unknown, options) =>
        setErrors((current) => {
          const message = validateField(rule, normaliseValue(rule, raw), locale);
          if (message && options?.onlyClear) return current;
          const { [rule.name]: _previous, ...rest } = current;
          return message ? { ...rest, [rule.name]: message } : rest;
        }),
    }),
    [errors, outcome, idPrefix, locale],
  );

  // Set outside React's markup so server and client render the same HTML: says
  // the form now validates and sends itself (the browser tests wait for it).
  useEffect(() => {
    const form = formRef.current;
    form?.setAttribute(INTERACTIVE_ATTRIBUTE, "");
    return () => form?.removeAttribute(INTERACTIVE_ATTRIBUTE);
  }, []);

  const focusFirstInvalid = (invalid: FieldErrors) => {
    const first = fields.find((field) => invalid[field.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(first.name)}"]`)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = formValues(event.currentTarget);
    const result = validateSubmission(fields, input, locale);
    if (!result.ok) {
      setErrors(result.errors);
      setStatus("invalid");
      focusFirstInvalid(result.errors);
      return;
    }
    setErrors({});
    setStatus("sending");
    // The honeypot goes along so the server, not the page, decides what a bot gets.
    const sent = await sendContactMessage({ ...result.values, [HONEYPOT_FIELD]: input[HONEYPOT_FIELD] ?? "", [LOCALE_FIELD]: locale });
    // The fields keep what was typed whatever the answer: nothing to retype
    // after a failure, and the sender can still read what they sent.
    if (sent.kind === "invalid") {
      setErrors(sent.errors);
      focusFirstInvalid(sent.errors);
    }
    setStatus(sent.kind);
  }

  return (
    <FormContext.Provider value={context}>
      {/* Without JavaScript the browser posts to the /contact page, which answers with this form and its outcome. */}
      <form
        ref={formRef}
        className={styles.form}
        method="post"
        action={`${localePath(locale, CONTACT_PAGE_PATH)}#contact`}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        {fields.map((field) => (
          <TextInput key={field._uid} blok={field} />
        ))}
        <div className={styles.honeypot} aria-hidden="true">
          <label>
            {CONTACT_MESSAGE_TABLES[locale].honeypot}
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <input type="hidden" name={LOCALE_FIELD} value={locale} />
        <div className={styles.actions}>
          <button type="submit" className={styles.submit} disabled={status === "sending"}>
            {submitLabel}
          </button>
          {/* One polite live region announces progress, success and failure. */}
          <p role="status" className={`${styles.status} ${styles[status] ?? ""}`}>
            {statusText(locale)[status]}
          </p>
        </div>
      </form>
    </FormContext.Provider>
  );
}
