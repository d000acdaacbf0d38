import { markHydrated } from "./hydrated-mark";
import { mountBelowTheFold } from "./mount-islands";
import { layOutSkippedParts } from "./skipped-parts";
import { keepDisplayFont } from "../document/display-font-flag";

/**
 * The rest of a published page's script: the inline islands script
 * (src/islands/islands-entry.ts) imports it once the first frame is on
 * screen, beside the rest of the CSS, and runs it once both are in. Nothing
 * here is needed before then, so the document, which has to fit the first
 * round trip, does not carry it (issue 58): the scroll reveals (motion's
 * `inView`), the contact form's loader and the display face's fetch.
 *
 * The page counts as taken over (hydrated) once its skipped parts are laid
 * out, a task each; the reveals and the form then read a layout that is
 * already done.
 */
export async function takeOver(root: HTMLElement): Promise<void> {
  const giveBackToStylesheet = await layOutSkippedParts(root);
  markHydrated();
  giveBackToStylesheet();
  mountBelowTheFold(root);
  // A first page's headings keep their fallback; the reader's next pages draw the face from the cache.
  void keepDisplayFont();
}
