/**
 * Whether a page's props are the Visual Editor's draft: `preview` is set by
 * loadForPreview (page-preview.ts) only when the story shown is the draft of
 * the story the editor opened, in draft mode with our own preview data.
 */
export function isDraftRender(pageProps: unknown): boolean {
  if (typeof pageProps !== "object" || pageProps === null) return false;
  const preview = (pageProps as { preview?: unknown }).preview;
  return typeof preview === "object" && preview !== null;
}
