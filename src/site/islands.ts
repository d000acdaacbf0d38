import { CONTACT_FORM_ATTRIBUTE, contactFormPropsOf, watchContactForm } from "../blocks/ContactForm";
import { attachMenuToggle, MENU_TOGGLE_ATTRIBUTE } from "../ui/menu-toggle";
import { attachReveal, REVEAL_ATTRIBUTE } from "../ui/scroll-reveal";

function all<T extends Element>(root: Element, attribute: string): T[] {
  return Array.from(root.querySelectorAll<T>(`[${attribute}]`));
}

/**
 * What a page served as static HTML (src/site/static-page.ts) does in the
 * browser, found in the server's markup by the attributes the components
 * write: the phone menu's button, the scroll reveals, the contact form.
 * Each runs the same code the component runs on a page React renders.
 * Returns a function that stops them all.
 */
export function mountIslands(root: Element): () => void {
  const stops = [
    ...all<HTMLButtonElement>(root, MENU_TOGGLE_ATTRIBUTE).map(attachMenuToggle),
    ...all<HTMLElement>(root, REVEAL_ATTRIBUTE).map(attachReveal),
    ...all<HTMLElement>(root, CONTACT_FORM_ATTRIBUTE).flatMap((region) => {
      const props = contactFormPropsOf(region);
      // Without its props the form stays the server's, which posts without JavaScript.
      return props ? [watchContactForm(region, props)] : [];
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
