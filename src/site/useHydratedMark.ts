import { useEffect } from "react";
import { markHydrated } from "./hydrated-mark";

/** Marks the page hydrated (src/site/hydrated-mark.ts) once React has committed it. */
export function useHydratedMark(): void {
  useEffect(markHydrated, []);
}
