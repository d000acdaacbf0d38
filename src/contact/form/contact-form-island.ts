import { whenNear } from "../../ui/when-near";
import type { ContactFormProps } from "./ContactFormInteractive";

/**
 * The contact form as an island (issue 11, the phone JavaScript budget): how
 * a page finds the form's region and starts its code, with nothing of React
 * in it. A page React renders runs it from ContactForm's effect; a published
 * page runs it from its islands script (src/islands/mount-islands.ts),
 * which carries no React at all until the form comes near.
 */

/**
 * On the form's region, its props as JSON: a published page,
 * which React never renders, finds the form and what to render it with by
 * this.
 */
export const CONTACT_FORM_ATTRIBUTE = "data-contact-form";

type FormRoot = typeof import("./contact-form-root");

let loading: Promise<FormRoot> | null = null;
/** The form's code once it has arrived: a form mounted after that (the next page's) renders at once. */
let loaded: FormRoot | null = null;

function loadForm(): Promise<FormRoot> {
  loading ??= import("./contact-form-root").then(
    (module) => (loaded = module),
    (error: unknown) => {
      // Offline, or a deploy replaced the chunk: the server's form still posts
      // without JavaScript; the next form to come near tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
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
  if (loaded) loaded.renderContactForm(region, props);
  else
    stopWatching = whenNear(region, () => {
      loadForm().then(
        (root) => {
          if (!cancelled) root.renderContactForm(region, props);
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
    setTimeout(() => loaded?.unmountContactFormIfGone(region));
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
