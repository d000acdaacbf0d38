import { useEffect, useId, useMemo, useRef, type ComponentType } from "react";
import type { TextInputBlok } from "../../generated/index";
import { usePageLocale } from "../../i18n/page-locale";
import { useContactOutcome } from "./contact-outcome";
import { KEEP_SERVER_HTML } from "./keep-server-html";
import { CONTACT_FORM_ATTRIBUTE, watchContactForm } from "./contact-form-island";
// The server's form is in every page's markup, so its styles come with the
// page's, not with its code: without these the form would be unstyled until
// it came near, and for good without JavaScript.
import "./ContactForm.module.css";
import "./TextInput.module.css";
import type { ContactFormProps } from "./ContactFormInteractive";

/**
 * The contact form as an island (issue 11, the phone JavaScript budget).
 *
 * The form is in every page's footer, but few readers reach it, so its client
 * code (the component, the validation rules and their messages, the send
 * states) is not in the scripts a page starts with. The server renders the
 * whole form, which works without JavaScript (it posts to /contact); the
 * browser loads its code once the form comes near the viewport, or the reader
 * focuses or presses inside it (src/ui/when-near.ts), and hydrates it then.
 *
 * Why its own React root and not a Suspense boundary around a lazy component
 * (React's selective hydration): React's server renderer sends a finished
 * boundary of more than 500 bytes that comes after some 12.8 KB of page
 * (its progressiveChunkSize, which Next.js's pages router does not let us
 * set) out of line, revealed by an inline script; the Content-Security-Policy
 * (script-src 'self' and known hashes) blocks that script and the form would
 * stay hidden. So the page's own tree renders an empty <div> that keeps the
 * server's HTML (React leaves the children of an element with
 * dangerouslySetInnerHTML alone when hydrating), and the form, once its code
 * has arrived, hydrates that HTML as a root of its own. Nothing the page's
 * tree does afterwards can discard the server's HTML early.
 */
interface Props {
  fields: readonly TextInputBlok[];
  submitLabel: string;
}

type FormComponent = ComponentType<ContactFormProps>;

// The server's copy, for server rendering only. Next.js replaces `typeof window`
// with a constant in each bundle and drops the dead branch, so the browser's
// first scripts do not carry the module (a static import would: webpack keeps
// a module it cannot prove free of side effects). Awaited at the top, so the
// server renders it synchronously; a require() would do for webpack but not
// for the unit tests, which load this file as a plain ES module.
const ServerForm: FormComponent | null =
  typeof window === "undefined" ? (await import("./ContactFormInteractive")).ContactFormInteractive : null;

export function ContactForm({ fields, submitLabel }: Props) {
  // Read here, in the page's tree: the form's own root does not see the page's context.
  const outcome = useContactOutcome();
  // From the page's tree too, so the server's ids and the browser's agree.
  const idPrefix = useId();
  // The page's language, handed to the form's own root in its props as the rest is.
  const locale = usePageLocale();
  const region = useRef<HTMLDivElement>(null);
  const props = useMemo<ContactFormProps>(
    () => ({ fields, submitLabel, outcome, idPrefix, locale }),
    [fields, submitLabel, outcome, idPrefix, locale],
  );

  useEffect(() => (region.current ? watchContactForm(region.current, props) : undefined), [props]);

  // Serialised with the props, not on every render.
  const propsJson = useMemo(() => JSON.stringify(props), [props]);
  const regionProps = { ref: region, [CONTACT_FORM_ATTRIBUTE]: propsJson };
  return ServerForm ? (
    <div {...regionProps}>
      <ServerForm {...props} />
    </div>
  ) : (
    <div {...regionProps} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />
  );
}
