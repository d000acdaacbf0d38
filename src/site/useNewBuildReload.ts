import { useEffect } from "react";
import { watchForNewBuild } from "./new-build-reload";

/** For the page's lifetime: a chunk that fails to load because a newer build replaced this one reloads the tab, once. */
export function useNewBuildReload(): void {
  useEffect(() => watchForNewBuild(window.__NEXT_DATA__.buildId), []);
}
