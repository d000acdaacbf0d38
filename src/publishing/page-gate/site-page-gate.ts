/**
 * The process's page gate (page-gate.ts), wired to the site: the build's
 * pages, the known-paths store (shared through Redis with REDIS_URL), a
 * `cdn/links` listing at the content's latest version, and the pages'
 * lifetime (REVALIDATE_SECONDS) as the listing's. On globalThis: the proxy,
 * the editor's page and the webhook route are separate module instances,
 * and the process must list once, not once per bundle.
 */
import { localContentVersion, siteQueries } from "../../content/access/site-content";
import { runAtPriority } from "../../content/access/rate-limit/request-priority";
import { builtPages } from "../build-pages";
import { revalidateSeconds } from "../revalidate-seconds";
import { siteKnownPagesStore } from "../site-known-pages";
import { storyPagePath } from "../../routes/site-routes";
import { processState } from "../../process/process-state";
import type { KnownPaths } from "./known-paths";
import { createPageGate, type PageGate } from "./page-gate";

/** The page paths of a listing of full slugs. */
export function knownPathsOf(fullSlugs: Iterable<string>, listedAt: number, cv?: number): KnownPaths {
  const paths = new Set<string>();
  for (const slug of fullSlugs) {
    const path = storyPagePath(slug);
    if (path) paths.add(path);
  }
  return { paths, listedAt, ...(cv !== undefined && { cv }) };
}

export function sitePageGate(): PageGate {
  return processState("portfolio.page-gate", () =>
    createPageGate({
      store: siteKnownPagesStore(),
      builtPages: builtPages(),
      // Bounded by design (once per lifetime, per instance at a time): not a visitor's work, whoever's request found the set stale.
      list: () =>
        runAtPriority("regeneration", async () => {
          const listedAt = Date.now();
          const { fullSlugs, cv } = await siteQueries().listPublishedSlugs();
          return knownPathsOf(fullSlugs, listedAt, cv);
        }),
      get maxAgeMs() {
        const seconds = revalidateSeconds();
        return seconds === false ? Infinity : seconds * 1000;
      },
      currentCv: localContentVersion,
    }),
  );
}
