import { useEffect } from "react";

/**
 * Set on <html> once React has hydrated the page: its first effects run only
 * after the whole tree has committed. `window.next` is no such sign: Next.js
 * sets it before hydration starts, and its router a moment later. Browser
 * tests that drive React wait for this attribute.
 */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

export function useHydratedMark(): void {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  }, []);
}
