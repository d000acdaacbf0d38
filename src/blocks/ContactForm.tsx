import { useEffect, useId, useMemo, useRef, type ComponentType } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import type { TextInputBlok } from "../generated";
import { useContactOutcome } from "../site/contact-outcome";
import { KEEP_SERVER_HTML } from "../site/keep-server-html";
import { whenNear } from "../ui/when-near";
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

/**
 * On the form's region, its props as JSON: a page served as static HTML,
 * which React never renders, finds the form and what to render it with by
 * this (src/site/islands.ts).
 */
export const CONTACT_FORM_ATTRIBUTE = "data-contact-form";

let loading: Promise<FormComponent> | null = null;
/** The form's code once it has arrived: a form mounted after that (the next page's) renders at once. */
let loaded: FormComponent | null = null;

function loadForm(): Promise<FormComponent> {
  loading ??= import("./ContactFormInteractive").then(
    (module) => (loaded = module.ContactFormInteractive),
    (error: unknown) => {
      // Offline, or a deploy replaced the chunk: the server's form still posts
      // without JavaScript; the next form to come near tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Each region's form root, kept across an effect's re-run (new props, Strict Mode's remount). */
const roots = new WeakMap<Element, Root>();

function renderForm(region: HTMLElement, Form: FormComponent, props: ContactFormProps): void {
  const form = <Form {...props} />;
  const root = roots.get(region);
  if (root) root.render(form);
  // The server's form is still in place on the page it came with; a form
  // mounted by a client-side navigation has nothing to hydrate.
  else if (region.firstElementChild) roots.set(region, hydrateRoot(region, form));
  else {
    const created = createRoot(region);
    created.render(form);
    roots.set(region, created);
  }
}

/**
 * Loads the form's code once `region` (holding the server's form, or empty
 * after a client-side navigation) comes near, and renders the form there.
 * Returns a function that stops watching and, once the region has left the
 * page, unmounts the form's root.
 */
export function watchContactForm(region: HTMLElement, props: ContactFormProps): () => void {
  let cancelled = false;
  let stopWatching = () => {};
  if (loaded) renderForm(region, loaded, props);
  else
    stopWatching = whenNear(region, () => {
      loadForm().then(
        (Form) => {
          if (!cancelled) renderForm(region, Form, props);
        },
        () => {},
      );
    });
  return () => {
    cancelled = true;
    stopWatching();
    // Later, and only once the region has left the page: React cannot
    // unmount a root while it is committing another, and Strict Mode's
    // rehearsal unmount keeps the region (the re-run effect reuses the root).
    setTimeout(() => {
      const root = roots.get(region);
      if (root && !region.isConnected) {
        root.unmount();
        roots.delete(region);
      }
    });
  };
}

/** The props a region's CONTACT_FORM_ATTRIBUTE carries; null when it is missing or not what the server writes. */
export function contactFormPropsOf(region: Element): ContactFormProps | null {
  try {
    const props: unknown = JSON.parse(region.getAttribute(CONTACT_FORM_ATTRIBUTE) ?? "");
    if (typeof props !== "object" || props === null) return null;
    const { fields, submitLabel, idPrefix } = props as Partial<ContactFormProps>;
    if (!Array.isArray(fields) || typeof submitLabel !== "string" || typeof idPrefix !== "string") return null;
    return props as ContactFormProps;
  } catch {
    return null;
  }
}

export function ContactForm({ fields, submitLabel }: Props) {
  // Read here, in the page's tree: the form's own root does not see the page's context.
  const outcome = useContactOutcome();
  // From the page's tree too, so the server's ids and the browser's agree.
  const idPrefix = useId();
  const region = useRef<HTMLDivElement>(null);
  const props = useMemo<ContactFormProps>(() => ({ fields, submitLabel, outcome, idPrefix }), [fields, submitLabel, outcome, idPrefix]);

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
