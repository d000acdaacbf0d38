import { markHydrated } from "./hydrated-mark";
import { mountIslands } from "./islands";
import { watchForNewBuild } from "./new-build-reload";

/**
 * The whole script of a page served as static HTML (src/site/static-page.ts,
 * built as its own entry by src/site/islands-build.ts): no React, no
 * Next.js runtime. Whatever this imports, a phone runs before it can
 * answer a tap: keep React and the renderers out (the contact form loads
 * its own when it comes near).
 */

// A chunk that fails because a newer build replaced this one reloads the tab, as on every page.
watchForNewBuild(process.env.SITE_BUILD_ID ?? "");
mountIslands(document.body);
markHydrated();
