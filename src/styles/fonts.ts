import localFont from "next/font/local";

// One font ships: Fraunces, variable (every weight in one file), for
// headings; body text uses the reader's system font, which costs nothing to
// load. Files come from npm (@fontsource-variable/fraunces), latin subset
// only, self-hosted by next/font/local: no request leaves the site, and
// next/font adds metric fallbacks so swapping the font in shifts nothing.
//
// Only the roman face is preloaded: the first screen's headline uses it. The
// italic (blockquotes, far below the fold) is its own family, fetched only
// when a page shows it, instead of competing with the headline on a slow
// phone connection.
export const display = localFont({
  src: "../../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
  style: "normal",
  weight: "100 900",
  display: "swap",
  variable: "--font-display",
});

export const displayItalic = localFont({
  src: "../../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-italic.woff2",
  style: "italic",
  weight: "100 900",
  display: "swap",
  preload: false,
  variable: "--font-display-italic",
});
