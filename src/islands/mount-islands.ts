import { CONTACT_FORM_ATTRIBUTE, contactFormPropsOf, watchContactForm } from "../contact/form/contact-form-island";
import { attachMenuToggle, MENU_TOGGLE_ATTRIBUTE } from "../ui/menu-toggle";
import { attachReveals, REVEAL_ATTRIBUTE } from "../ui/scroll-reveal";

function all<T extends Element>(root: Element, attribute: string): T[] {
  return Array.from(root.querySelectorAll<T>(`[${attribute}]`));
}

/*
 * What a published page (no React on it, src/islands/islands-entry.ts) does in the
 * browser, found in the server's markup by the attributes the components
 * write: the phone menu's button, the scroll reveals, the contact form.
 * Each runs the same code the component runs on a page React renders; none
 * is stopped, as the page they attach to is never replaced (its links load
 * the next page in full).
 */

/** The phone menu's button: ready as soon as the script runs. */
export function mountMenu(root: Element): void {
  all<HTMLButtonElement>(root, MENU_TOGGLE_ATTRIBUTE).forEach(attachMenuToggle);
}

/**
 * The reveals and the contact form, once the page is styled in full and
 * laid out (src/islands/take-over.ts): both are below the fold, and the reveals
 * read every position, which before then would lay out the page once more
 * than the whole stylesheet does anyway.
 */
export function mountBelowTheFold(root: Element): void {
  attachReveals(all<HTMLElement>(root, REVEAL_ATTRIBUTE));
  for (const region of all<HTMLElement>(root, CONTACT_FORM_ATTRIBUTE)) {
    const props = contactFormPropsOf(region);
    // Without its props the form stays the server's, which posts without JavaScript.
    if (props) watchContactForm(region, props);
  }
}
