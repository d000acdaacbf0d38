import { useEffect } from "react";
import { watchForNewBuild } from "./new-build-reload";

/** For the page's lifetime: a chunk that fails to load because a newer build replaced this one reloads the tab, once. */
export function useNewBuildReload(): void {
  useEffect(() => {
    // `next dev` has no build to compare (its pages say "development") and reloads on its own.
    if (process.env.NODE_ENV !== "production") return;
    return watchForNewBuild(window.__NEXT_DATA__.buildId);
  }, []);
}
