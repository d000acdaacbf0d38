import type { AppProps } from "next/app";
import { display, displayItalic } from "../styles/fonts";
import "../styles/globals.css";
import { useNewBuildReload } from "../site/useNewBuildReload";

export default function App({ Component, pageProps }: AppProps) {
  useNewBuildReload();
  return (
    <div className={`site-root ${display.variable} ${displayItalic.variable}`}>
      <Component {...pageProps} />
    </div>
  );
}
