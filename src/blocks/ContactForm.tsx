import { useEffect, useId, useRef, type ComponentType } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import type { TextInputBlok } from "../generated";
import { useContactOutcome } from "../site/contact-outcome";
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

// One object for the life of the page: React writes innerHTML again whenever
// this prop is a different object, which would wipe the form.
const KEEP_SERVER_HTML = { __html: "" };

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

function renderForm(region: HTMLDivElement, Form: FormComponent, props: ContactFormProps): void {
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

export function ContactForm({ fields, submitLabel }: Props) {
  // Read here, in the page's tree: the form's own root does not see the page's context.
  const outcome = useContactOutcome();
  // From the page's tree too, so the server's ids and the browser's agree.
  const idPrefix = useId();
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const props: ContactFormProps = { fields, submitLabel, outcome, idPrefix };
    let cancelled = false;
    let stopWatching = () => {};
    if (loaded) renderForm(element, loaded, props);
    else
      stopWatching = whenNear(element, () => {
        loadForm().then(
          (Form) => {
            if (!cancelled) renderForm(element, Form, props);
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
        const root = roots.get(element);
        if (root && !element.isConnected) {
          root.unmount();
          roots.delete(element);
        }
      });
    };
  }, [fields, submitLabel, outcome, idPrefix]);

  const props: ContactFormProps = { fields, submitLabel, outcome, idPrefix };
  return ServerForm ? (
    <div ref={region}>
      <ServerForm {...props} />
    </div>
  ) : (
    <div ref={region} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />
  );
}
