import type { AppProps } from "next/app";
import "../styles/display-font.css";
import "../styles/globals.css";
import { useHydratedMark } from "../islands/useHydratedMark";
import { useNewBuildReload } from "../deploy/useNewBuildReload";
import { IconShapes, NO_ICONS, type PageIconsProps } from "../ui/icons/icon-shapes";

export default function App({ Component, pageProps }: AppProps<PageIconsProps>) {
  useNewBuildReload();
  useHydratedMark();
  return (
    // Each page's props carry the shapes of the icons its content shows (src/ui/icons/page-icons.ts).
    <IconShapes.Provider value={pageProps.icons ?? NO_ICONS}>
      <div className="site-root">
        <Component {...pageProps} />
      </div>
    </IconShapes.Provider>
  );
}
