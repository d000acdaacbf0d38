import { markHydrated, markPaintedAfterFirstFrame } from "./hydrated-mark";
import { loadDeferredStyles } from "./deferred-styles";
import { mountIslands } from "./mount-islands";
import { watchForNewBuild } from "../deploy/new-build-reload";

/**
 * The whole script of a published page (`unstable_runtimeJS: false`, so no
 * React and no Next.js runtime on it), bundled by src/islands/build-islands.ts.
 * Whatever this imports, a phone runs before it can answer a tap: keep React
 * and the renderers out (the contact form loads its own when it comes near).
 */

// A chunk that fails because a newer build replaced this one reloads the tab, as on every page.
watchForNewBuild(process.env.SITE_BUILD_ID ?? "");
mountIslands(document.body);
// The rest of the CSS once the first frame is out, so no request of it competes with the first paint;
// the page counts as taken over (hydrated) once it is styled in full.
markPaintedAfterFirstFrame(() => void loadDeferredStyles().then(markHydrated));
