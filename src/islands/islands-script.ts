import { EDITOR_ROUTE } from "../routes/site-routes";

/**
 * Which pages carry the islands script (src/islands/islands-entry.ts), inline.
 *
 * Every page a visitor gets is published with `unstable_runtimeJS: false`
 * (its page config): no Next.js runtime, no React, no `__NEXT_DATA__`, so
 * what it does in the browser is the islands script's. The one page that
 * hydrates, the Visual Editor's (src/pages/editor/[[...slug]].tsx), runs the
 * same behaviours from its components' effects, and so does every page in
 * `next dev`, where Next.js keeps its runtime for hot reload.
 */

/** The page next.config rewrites the Visual Editor's requests to (src/preview/preview-entry.ts): it alone hydrates. */
export const EDITOR_PAGE = `${EDITOR_ROUTE}/[[...slug]]`;

/**
 * The islands script's code for a page (its route, as `__NEXT_DATA__.page`
 * names it), or null for a page that hydrates. A production build always
 * has it: next.config.ts inlines it at build time (SITE_ISLANDS_SCRIPT, the
 * code src/islands/build-islands.ts made safe inside a <script>, whose hash
 * the policy names), and a build without it would serve inert pages, so it
 * stops the render loudly.
 */
export function islandsScriptFor(
  page: string,
  script = process.env.SITE_ISLANDS_SCRIPT,
  production = process.env.NODE_ENV === "production",
): string | null {
  if (!production || page === EDITOR_PAGE) return null;
  if (!script) throw new Error("islands: this build has no islands script (SITE_ISLANDS_SCRIPT, set by next.config.ts at `next build`)");
  return script;
}
