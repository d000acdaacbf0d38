/**
 * Runs once when a server starts (Next.js's instrumentation hook); what a
 * Node.js server does then is in instrumentation-node.ts.
 */
export async function register(): Promise<void> {
  // The form Next.js documents for runtime-specific code: `next dev` compiles this file for the
  // edge runtime too, and only an import inside an `if` on NEXT_RUNTIME is left out of that compile
  // (an import after an early return was not, and the edge compile of node-redis and pg then failed
  // every page `next dev` served).
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startNodeServer } = await import("./instrumentation-node");
    await startNodeServer();
  }
}
