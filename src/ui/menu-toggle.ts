/** Marks the phone menu's disclosure button: how a published page's islands script finds it (src/islands/mount-islands.ts). */
export const MENU_TOGGLE_ATTRIBUTE = "data-menu-toggle";

/**
 * The phone menu's disclosure button (WAI-ARIA disclosure pattern), on the
 * server's markup: the button says `aria-expanded`, the stylesheet shows the
 * menu it controls (`aria-controls`) and the matching icon and name from
 * that, and this keeps the attribute true. The same code serves a page
 * React renders and a published page, which React never renders.
 *
 * A click on the button toggles; a click inside the open menu (a link taken)
 * closes it; Escape, from anywhere, closes it and gives focus back to the
 * button. Returns a function that removes the listeners.
 */
export function attachMenuToggle(button: HTMLButtonElement): () => void {
  const menu = document.getElementById(button.getAttribute("aria-controls") ?? "");
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const setOpen = (open: boolean) => button.setAttribute("aria-expanded", String(open));

  const onButtonClick = () => setOpen(!isOpen());
  const onMenuClick = () => setOpen(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !isOpen()) return;
    setOpen(false);
    button.focus();
  };
  button.addEventListener("click", onButtonClick);
  menu?.addEventListener("click", onMenuClick);
  document.addEventListener("keydown", onKeyDown);
  return () => {
    button.removeEventListener("click", onButtonClick);
    menu?.removeEventListener("click", onMenuClick);
    document.removeEventListener("keydown", onKeyDown);
  };
}
