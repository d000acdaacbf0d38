/**
 * Flags for Debian's Chromium in tests and benchmarks: they keep it off the
 * (closed) network at start-up, where it would otherwise try Google's hosts.
 * Shared by playwright.config.ts and the Lighthouse runs of `npm run bench site`.
 */
export const OFFLINE_CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
