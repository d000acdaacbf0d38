import { CONTACT_FORM_ATTRIBUTE, contactFormPropsOf, watchContactForm } from "../contact/form/contact-form-island";
import { attachMenuToggle, MENU_TOGGLE_ATTRIBUTE } from "../ui/menu-toggle";
import { attachReveals, REVEAL_ATTRIBUTE } from "../ui/scroll-reveal";

function all<T extends Element>(root: Element, attribute: string): T[] {
  return Array.from(root.querySelectorAll<T>(`[${attribute}]`));
}

/**
 * What a published page (no React on it, src/islands/islands-entry.ts) does in the
 * browser, found in the server's markup by the attributes the components
 * write: the phone menu's button, the scroll reveals, the contact form.
 * Each runs the same code the component runs on a page React renders; none
 * is stopped, as the page they attach to is never replaced (its links load
 * the next page in full).
 *
 * The menu is ready at once. The reveals and the form wait one task: both
 * are below the fold, measuring the reveals' positions lays the page out,
 * and in the script's own task that would lengthen the longest task a
 * phone runs while the page loads (Total Blocking Time).
 */
export function mountIslands(root: Element): void {
  all<HTMLButtonElement>(root, MENU_TOGGLE_ATTRIBUTE).forEach(attachMenuToggle);
  setTimeout(() => {
    attachReveals(all<HTMLElement>(root, REVEAL_ATTRIBUTE));
    for (const region of all<HTMLElement>(root, CONTACT_FORM_ATTRIBUTE)) {
      const props = contactFormPropsOf(region);
      // Without its props the form stays the server's, which posts without JavaScript.
      if (props) watchContactForm(region, props);
    }
  });
}
