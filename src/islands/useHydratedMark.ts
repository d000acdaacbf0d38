import { useEffect } from "react";
import { markHydrated, markPaintedAfterFirstFrame } from "./hydrated-mark";

/** Marks the page hydrated and, a frame later, painted (src/islands/hydrated-mark.ts) once React has committed it. */
export function useHydratedMark(): void {
  useEffect(() => {
    markHydrated();
    markPaintedAfterFirstFrame();
  }, []);
}
