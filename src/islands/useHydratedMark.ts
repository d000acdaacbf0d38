import { useEffect } from "react";
import { afterFirstPaint, markHydrated, markPainted } from "./hydrated-mark";
import { keepDisplayFont } from "../document/display-font-flag";

/** Once React has committed the page: marks it hydrated, and painted once its first frame is on screen (src/islands/hydrated-mark.ts), then keeps the headings' face for the next page (src/document/display-font-flag.ts). */
export function useHydratedMark(): void {
  useEffect(() => {
    markHydrated();
    afterFirstPaint(() => {
      markPainted();
      void keepDisplayFont();
    });
  }, []);
}
