import { createContext, useContext } from "react";
import type { IconSourceName } from "./icon-sources";
import type { IconData } from "./icon-types";

/** The shapes of the content's icons a page shows, picked by the server (page-icons.ts). */
export type PageIcons = Readonly<Partial<Record<IconSourceName, IconData>>>;

/** The page prop _app hands to IconShapes. */
export interface PageIconsProps {
  icons?: PageIcons;
}

export const NO_ICONS: PageIcons = {};

/** The page's icon shapes, from its props; <Icon> reads them here. */
export const IconShapes = createContext<PageIcons>(NO_ICONS);

export function usePageIcons(): PageIcons {
  return useContext(IconShapes);
}
