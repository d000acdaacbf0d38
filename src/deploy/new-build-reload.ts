/**
 * When part of the page fails to load (a script chunk, a lazily imported
 * component) the cause may be a deploy: the chunks of the build this tab
 * was loaded from are gone. Then the live build information names another
 * build, and one reload brings the tab onto it. Once per new build per tab
 * (sessionStorage), so a chunk that keeps failing cannot cause a reload loop;
 * with the same build nothing reloads and the failure shows as it would.
 *
 * A followed link needs none of this: every page a visitor gets loads in
 * full (src/islands/islands-script.ts), from the live build.
 */
import { BUILD_INFO_PATH, isBuildInfo } from "./build-info";
import { fetchWithRetry } from "./fetch-with-retry";

export const RELOADED_FOR_KEY = "portfolio:reloaded-for-build";

export type ReloadDecision = "reload" | "same-build" | "already-reloaded" | "unknown";

export interface ReloadDeps {
  fetch?: typeof fetch;
  storage?: Pick<Storage, "getItem" | "setItem">;
  reload?: () => void;
}

/** Chunk-load failures as browsers and bundlers word them (webpack, Turbopack, native import()). */
const CHUNK_FAILURE =
  /ChunkLoadError|Loading (?:CSS )?chunk [\w/.-]+ failed|Failed to load chunk|dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadFailure(reason: unknown): boolean {
  if (!(reason instanceof Error)) return typeof reason === "string" && CHUNK_FAILURE.test(reason);
  return reason.name === "ChunkLoadError" || CHUNK_FAILURE.test(reason.message);
}

/** A failed `<script>` or stylesheet of the site's build (the window's capturing `error` listener sees them): Next.js's files or the islands script's chunks. */
function isFailedBuildAsset(target: EventTarget | null): boolean {
  const url = target instanceof HTMLScriptElement ? target.src : target instanceof HTMLLinkElement ? target.href : "";
  const path = url ? new URL(url, "http://site.invalid").pathname : "";
  return path.startsWith("/_next/static/") || path.startsWith("/islands/");
}

/** Asks for the live build, then reloads once if it is not the one this tab runs. */
export async function reloadIfNewBuild(currentBuildId: string, deps: ReloadDeps = {}): Promise<ReloadDecision> {
  const storage = deps.storage ?? window.sessionStorage;
  let live: unknown;
  try {
    const response = await fetchWithRetry(
      BUILD_INFO_PATH,
      { cache: "no-store", headers: { accept: "application/json" } },
      { fetch: deps.fetch },
    );
    live = response.ok ? await response.json() : undefined;
  } catch {
    live = undefined;
  }
  if (!isBuildInfo(live)) return "unknown";
  if (live.buildId === currentBuildId) return "same-build";
  if (storage.getItem(RELOADED_FOR_KEY) === live.buildId) return "already-reloaded";
  storage.setItem(RELOADED_FOR_KEY, live.buildId);
  (deps.reload ?? (() => window.location.reload()))();
  return "reload";
}

/** Listens for failed chunks for the life of the page; returns the function that stops listening. */
export function watchForNewBuild(currentBuildId: string): () => void {
  let checking: Promise<ReloadDecision> | undefined;
  const check = () => {
    // One failure often shows twice (the script's error and the import's rejection): ask once at a time.
    checking ??= reloadIfNewBuild(currentBuildId).finally(() => {
      checking = undefined;
    });
  };
  const onError = (event: Event) => {
    if (isFailedBuildAsset(event.target) || (event instanceof ErrorEvent && isChunkLoadFailure(event.error ?? event.message))) check();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadFailure(event.reason)) check();
  };
  window.addEventListener("error", onError, true);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError, true);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
