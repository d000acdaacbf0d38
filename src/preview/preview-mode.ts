import { createContext, useContext } from "react";

/** True while the page is shown in the Visual Editor: broken blocks become visible notices. */
export const PreviewMode = createContext(false);

export function usePreviewMode(): boolean {
  return useContext(PreviewMode);
}
