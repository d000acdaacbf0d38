import type { AppProps } from "next/app";
import { MotionConfig } from "motion/react";
import { display, sans } from "../styles/fonts";
import "../styles/globals.css";
import { useNewBuildReload } from "../site/useNewBuildReload";

export default function App({ Component, pageProps }: AppProps) {
  useNewBuildReload();
  return (
    // reducedMotion="user": every motion animation honours the reader's OS setting.
    <MotionConfig reducedMotion="user">
      <div className={`site-root ${sans.variable} ${display.variable}`}>
        <Component {...pageProps} />
      </div>
    </MotionConfig>
  );
}
