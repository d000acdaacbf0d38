import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { ContactFormInteractive, type ContactFormProps } from "./ContactFormInteractive";

/**
 * The contact form's own React root (see contact-form-island.ts): the form's
 * code and React's DOM renderer, loaded together once the form comes near.
 */

/** Each region's form root, kept across an effect's re-run (new props, Strict Mode's remount). */
const roots = new WeakMap<Element, Root>();

export function renderContactForm(region: HTMLElement, props: ContactFormProps): void {
  const form = <ContactFormInteractive {...props} />;
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

/** Unmounts the region's form, if it has one and the region has left the page. */
export function unmountContactFormIfGone(region: HTMLElement): void {
  const root = roots.get(region);
  if (root && !region.isConnected) {
    root.unmount();
    roots.delete(region);
  }
}
