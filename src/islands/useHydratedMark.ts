import { useEffect } from "react";
import { afterFirstPaint, markHydrated, markPainted } from "./hydrated-mark";

/** Once React has committed the page: marks it hydrated, and painted once its first frame is on screen (src/islands/hydrated-mark.ts). */
export function useHydratedMark(): void {
  useEffect(() => {
    markHydrated();
    afterFirstPaint(markPainted);
  }, []);
}
