/**
 * The site's page paths as of one listing, and when that listing was made:
 * what the page gate (page-gate.ts) checks a request's path against. A full
 * listing of the published stories (a webhook batch's, the start-up one) or
 * a `cdn/links` listing each make one; the newest wins.
 *
 * As one JSON value, for a store shared by every instance (Redis): it
 * carries a version, and an instance that reads one it does not know takes
 * it as absent (a cold set, which lists again, never less), as the story →
 * pages map does (site-pages-json.ts).
 */
export interface KnownPaths {
  /** Every page a published story has (`/`, `/projects/…`). */
  paths: ReadonlySet<string>;
  /** When the listing was made (ms since the epoch, this instance's clock). */
  listedAt: number;
  /** The content version the listing read, when known: the embedded content's freshness is its cv, not its age. */
  cv?: number;
}

const KNOWN_PATHS_VERSION = 1;

interface KnownPathsJson {
  version: typeof KNOWN_PATHS_VERSION;
  paths: string[];
  listedAt: number;
  cv?: number;
}

export function knownPathsToJson(known: KnownPaths): string {
  const value: KnownPathsJson = {
    version: KNOWN_PATHS_VERSION,
    paths: [...known.paths].sort(),
    listedAt: known.listedAt,
    ...(known.cv !== undefined && { cv: known.cv }),
  };
  return JSON.stringify(value);
}

/** The set in `text`, or undefined when it is not one this release reads (another version, a damaged value). */
export function knownPathsFromJson(text: string): KnownPaths | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { version, paths, listedAt, cv } = value as Record<string, unknown>;
  if (version !== KNOWN_PATHS_VERSION) return undefined;
  if (!Array.isArray(paths) || !paths.every((path) => typeof path === "string" && path.startsWith("/"))) return undefined;
  if (typeof listedAt !== "number" || !Number.isFinite(listedAt)) return undefined;
  if (cv !== undefined && (typeof cv !== "number" || !Number.isFinite(cv))) return undefined;
  return { paths: new Set(paths as string[]), listedAt, ...(cv !== undefined && { cv }) };
}
