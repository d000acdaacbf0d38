import { useEffect } from "react";
import { afterFirstPaint, markHydrated, markPainted } from "./hydrated-mark";

/** Marks the page hydrated and, once its first frame is on screen, painted (src/islands/hydrated-mark.ts) once React has committed it. */
export function useHydratedMark(): void {
  useEffect(() => {
    markHydrated();
    afterFirstPaint(markPainted);
  }, []);
}
