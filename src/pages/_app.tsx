import type { AppProps } from "next/app";
import { MotionConfig } from "motion/react";
import { display, sans } from "../styles/fonts";
import "../styles/globals.css";

export default function App({ Component, pageProps }: AppProps) {
  return (
    // reducedMotion="user": every motion animation honours the reader's OS setting.
    <MotionConfig reducedMotion="user">
      <div className={`site-root ${sans.variable} ${display.variable}`}>
        <Component {...pageProps} />
      </div>
    </MotionConfig>
  );
}
