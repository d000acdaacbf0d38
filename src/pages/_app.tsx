import type { AppProps } from "next/app";
import "../styles/display-font.css";
import "../styles/globals.css";
import { useHydratedMark } from "../islands/useHydratedMark";
import { useNewBuildReload } from "../deploy/useNewBuildReload";
import { pageLocale } from "../i18n/locale-paths";
import { pageAddressOf, PageAddressContext } from "../i18n/page-locale";
import { IconShapes, NO_ICONS, type PageIconsProps } from "../ui/icons/icon-shapes";

/** The error view's route: its "same page in another language" is that language's home page, not the address nobody has. */
const ERROR_PAGE = "/_error";

export default function App({ Component, pageProps, router }: AppProps<PageIconsProps>) {
  useNewBuildReload();
  useHydratedMark();
  return (
    // Each page's props carry the shapes of the icons its content shows (src/ui/icons/page-icons.ts).
    <IconShapes.Provider value={pageProps.icons ?? NO_ICONS}>
      {/* The locale Next.js rendered the page in (its address: `/nl/…`), for links, the switcher and texts. */}
      <PageAddressContext.Provider value={pageAddressOf(pageLocale(router.locale), router.pathname === ERROR_PAGE ? "/" : router.asPath)}>
        <div className="site-root">
          <Component {...pageProps} />
        </div>
      </PageAddressContext.Provider>
    </IconShapes.Provider>
  );
}
