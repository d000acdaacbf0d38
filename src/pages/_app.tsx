import type { AppProps } from "next/app";
import "../styles/display-font.css";
import "../styles/globals.css";
import { StaticPage } from "../site/StaticPage";
import { isStaticPageProps } from "../site/static-page";
import { useHydratedMark } from "../site/useHydratedMark";
import { useNewBuildReload } from "../site/useNewBuildReload";
import { IconShapes, NO_ICONS, type PageIconsProps } from "../ui/icons/icon-shapes";

/** Every page's root element; a page served as static HTML keeps its server children in it. */
const ROOT_CLASS = "site-root";

export default function App({ Component, pageProps }: AppProps<PageIconsProps>) {
  useNewBuildReload();
  useHydratedMark();
  if (isStaticPageProps(pageProps)) return <StaticPage className={ROOT_CLASS} />;
  return (
    // Each page's props carry the shapes of the icons its content shows (src/ui/icons/page-icons.ts).
    <IconShapes.Provider value={pageProps.icons ?? NO_ICONS}>
      <div className={ROOT_CLASS}>
        <Component {...pageProps} />
      </div>
    </IconShapes.Provider>
  );
}
