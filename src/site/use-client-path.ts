import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

function currentPath(): string {
  const path = window.location.pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // A malformed escape is shown as typed.
  }
}

/**
 * The path in the address bar. Static pages (404) are rendered once at build
 * time for every URL, so the server cannot know it: the server snapshot is
 * empty and React fills in the real path right after hydration, without a
 * hydration mismatch.
 */
export function useClientPath(): string {
  return useSyncExternalStore(noSubscription, currentPath, () => "");
}
