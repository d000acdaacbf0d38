/**
 * Runs once when a server starts (Next.js's instrumentation hook).
 * - The contact form's sender starts, so messages a previous process stored
 *   but did not deliver go out without waiting for the next visitor.
 * - The published stories are listed, so the first webhook after a start
 *   already knows every story's pages: a `deleted` payload carries only the
 *   story id.
 * Each is started on its own: one failing never holds up the other.
 */
export async function register(): Promise<void> {
  // Only a serving Node.js process: not the build (which renders, never receives webhooks or mail), not the edge.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startDelivery } = await import("./contact/runtime");
  startDelivery();
  const { rememberSitePages } = await import("./publishing/remember-site-pages");
  // Not awaited: a slow content API must not hold up the server's start.
  void rememberSitePages();
}
