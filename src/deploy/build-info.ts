/**
 * Which build of the site a server runs, published at a fixed address so an
 * open tab can tell that a newer version replaced the one it was loaded from.
 * The id is the Next.js build id (`__NEXT_DATA__.buildId` in every page);
 * both values are fixed when next.config.ts runs for `next build`.
 */
export const BUILD_INFO_PATH = "/api/build-info";

export interface BuildInfo {
  buildId: string;
  /** ISO 8601, when the build started. */
  builtAt: string;
}

/** The build this server runs, as next.config.ts inlined it at build time. */
export function currentBuildInfo(): BuildInfo {
  return { buildId: process.env.SITE_BUILD_ID ?? "development", builtAt: process.env.SITE_BUILD_TIME ?? "" };
}

export function isBuildInfo(value: unknown): value is BuildInfo {
  if (typeof value !== "object" || value === null) return false;
  const { buildId, builtAt } = value as Record<string, unknown>;
  return typeof buildId === "string" && buildId !== "" && typeof builtAt === "string";
}
