/**
 * The rest of a published page's CSS, loaded once its first frame is on
 * screen (issue 58). The document inlines only the rules of the first
 * screen (src/document/critical-css.ts), so the HTML fits the first round
 * trip, and leaves each whole stylesheet as a `disabled` link carrying this
 * attribute: a disabled link is never fetched, so nothing competes with the
 * first paint. The whole file repeats the inline rules in their order, so the
 * cascade ends as if it had been inline from the start.
 */
export const DEFERRED_STYLE_ATTRIBUTE = "data-deferred-style";

/**
 * A live copy of each deferred stylesheet, placed right after it so the
 * order of the page's styles is the build's. Resolves when every one has
 * loaded or failed (a failed one leaves the first screen's rules, which the
 * page still reads with).
 */
export function loadDeferredStyles(root: Document = document): Promise<void> {
  const deferred = Array.from(root.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLE_ATTRIBUTE}]`));
  return Promise.all(
    deferred.map(
      (placeholder) =>
        new Promise<void>((resolve) => {
          const sheet = root.createElement("link");
          sheet.rel = "stylesheet";
          sheet.href = placeholder.href;
          sheet.addEventListener("load", () => resolve(), { once: true });
          sheet.addEventListener("error", () => resolve(), { once: true });
          placeholder.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
