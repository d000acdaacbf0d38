import { afterFirstPaint, markPainted } from "./hydrated-mark";
import { loadDeferredStyles } from "./deferred-styles";
import { mountMenu } from "./mount-islands";
import { watchForNewBuild } from "../deploy/new-build-reload";

/**
 * What a published page (`unstable_runtimeJS: false`, so no React and no
 * Next.js runtime on it) runs at once, inline in its document, bundled by
 * src/islands/build-islands.ts. Whatever this imports, every page's HTML
 * carries and a phone runs before it can answer a tap: keep it to what the
 * first screen needs. The rest is src/islands/take-over.ts, a file of its
 * own, and React and the renderers stay out of both (the contact form loads
 * its own when it comes near).
 */

// A chunk that fails because a newer build replaced this one reloads the tab, as on every page.
watchForNewBuild(process.env.SITE_BUILD_ID ?? "");
mountMenu(document.body);
// The rest once the first paint is on screen, so none of it competes with it: the hero's entrance (`data-painted`),
// then the rest of the CSS and of the script, fetched side by side. The page is taken over once both are in.
afterFirstPaint(() => {
  markPainted();
  void Promise.all([import("./take-over"), loadDeferredStyles()]).then(([rest]) => rest.takeOver(document.body));
});
