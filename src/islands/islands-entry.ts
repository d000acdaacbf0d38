import { afterFirstPaint, markHydrated, markPainted } from "./hydrated-mark";
import { loadDeferredStyles } from "./deferred-styles";
import { mountBelowTheFold, mountMenu } from "./mount-islands";
import { watchForNewBuild } from "../deploy/new-build-reload";
import { keepDisplayFont } from "../document/display-font-flag";

/**
 * The whole script of a published page (`unstable_runtimeJS: false`, so no
 * React and no Next.js runtime on it), bundled by src/islands/build-islands.ts.
 * Whatever this imports, a phone runs before it can answer a tap: keep React
 * and the renderers out (the contact form loads its own when it comes near).
 */

// A chunk that fails because a newer build replaced this one reloads the tab, as on every page.
watchForNewBuild(process.env.SITE_BUILD_ID ?? "");
mountMenu(document.body);
// The rest once the first paint is on screen, so none of it competes with it: the hero's entrance (`data-painted`)
// and the rest of the CSS. The page counts as taken over (hydrated) once it is styled in full, which lifts the
// later sections' `content-visibility` (src/styles/globals.css); the reveals and the form then read the one layout
// that the whole stylesheet needs anyway.
afterFirstPaint(() => {
  markPainted();
  void loadDeferredStyles().then(() => {
    markHydrated();
    mountBelowTheFold(document.body);
    // A first page's headings keep their fallback; the reader's next pages draw the face from the cache.
    void keepDisplayFont();
  });
});
