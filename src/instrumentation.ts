/**
 * Runs once when a server starts (Next.js's instrumentation hook). It lists
 * the published stories so the first webhook after a start already knows
 * every story's pages: a `deleted` payload carries only the story id.
 */
export async function register(): Promise<void> {
  // Only a serving Node.js process: not the build (which renders, never receives webhooks), not the edge.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { rememberSitePages } = await import("./publishing/remember-site-pages");
  // Not awaited: a slow content API must not hold up the server's start.
  void rememberSitePages();
}
