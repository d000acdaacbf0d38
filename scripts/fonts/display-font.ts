/**
 * The display face (Fraunces) as the site ships it, built from the variable
 * font on npm (@fontsource-variable/fraunces, latin subset, every weight).
 *
 * What the first screen needs decides the shape. Headings use one weight,
 * 600, so the variable font is pinned to a static 600 instance, about a
 * third of its size. That instance is then split in two by Unicode range,
 * as Google Fonts does: the "core" file (ASCII, everyday typographic
 * punctuation and the letters of the site's languages, about 13 KB) covers
 * nearly every headline; the "latin" file (every other character of the
 * source) has its own @font-face with a unicode-range, so a browser only
 * fetches it when a page shows one of those characters. Neither is preloaded (issue 58): a
 * preload put the 12 KB file ahead of the first paint on a phone's slow
 * network. `font-display: optional`: a heading waits at most the browser's
 * short block period (100 ms in Chromium) for Fraunces, and if the file is
 * not there by then the page keeps the fallback and never swaps, so the
 * font can never move text (CLS 0); the file is still fetched and cached,
 * so the next page shows Fraunces at once. `swap` moved the hero's words by
 * a few pixels when Fraunces came (CLS 0.001 in Lighthouse), however close
 * the fallback's metrics.
 *
 * The fallback face is the one next/font would write: the reader's serif
 * (Times New Roman) scaled and with line metrics overridden to match
 * Fraunces, so a page that keeps it reads and wraps almost as with
 * Fraunces. Where Times New Roman is missing (Linux, ChromeOS, Android),
 * its metric-compatible clones take its place under the same overrides:
 * they share its advance widths and vertical metrics by design. Without
 * them the fallback face failed to load and the headings fell to another
 * serif with other widths.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { LOCALES } from "../../src/i18n/locales";

const require = createRequire(import.meta.url);

const SOURCE_FONT = "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2";
export const WEIGHT = 600;
export const FAMILY = "Fraunces";
/** Where the files are served from: public/fonts, with a content hash in each name (cached for a year). */
export const PUBLIC_DIR = "/fonts";
/** Fonts drawn to Times New Roman's metrics (same advances, ascent and descent), tried when it is not installed. */
const TIMES_METRIC_CLONES = ["Liberation Serif", "Tinos"] as const;

type CodePoints = number[];

function span(first: number, last: number): CodePoints {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** ASCII, the no-break space, and the punctuation of typeset text: quotes, dashes, ellipsis, bullet, primes, euro, trade mark. */
const CORE: CodePoints = [
  ...span(0x20, 0x7e),
  0xa0,
  ...[0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2013, 0x2014, 0x2026, 0x2022, 0x00b7, 0x2032, 0x2033, 0x20ac, 0x2122],
];

/**
 * The letters beyond ASCII each language writes its everyday words with
 * (CLDR's main exemplar characters), lower case; their capitals come with
 * them. The core file carries those of the site's languages
 * (src/generated/locales.ts): in the latin file, a Dutch heading's "één"
 * cost every Dutch page a second font request (8.8 KB) before its largest
 * paint, for 0.5 KB more in the core file (issue 58). A language not listed
 * here takes its letters from the latin file.
 */
const LANGUAGE_LETTERS: Readonly<Record<string, string>> = {
  da: "åæø",
  de: "äöüß",
  es: "áéíñóúü",
  fr: "àâæçèéêëîïôùûüÿœ",
  it: "àèéìòóù",
  nb: "åæø",
  nl: "áäéëíïóöúü",
  pt: "àáâãçéêíóôõú",
  sv: "åäö",
};

/** The core file's code points for a site in these locales (`en`, `nl-BE`, …). */
function coreCodePoints(locales: readonly string[]): CodePoints {
  const letters = locales.flatMap((locale) => [...(LANGUAGE_LETTERS[locale.split("-")[0]!.toLowerCase()] ?? "")]);
  // A capital that is one code point of its own (not ß's "SS").
  const capitals = letters.map((letter) => letter.toUpperCase()).filter((capital) => [...capital].length === 1);
  return [...new Set([...CORE, ...[...letters, ...capitals].map((letter) => letter.codePointAt(0)!)])];
}

/** `U+20-7E, U+A0, …`: consecutive code points folded into ranges, as CSS's unicode-range writes them. */
export function unicodeRange(points: CodePoints): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let index = 0; index < sorted.length; ) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    const hex = (point: number) => point.toString(16).toUpperCase();
    parts.push(end === index ? `U+${hex(sorted[index]!)}` : `U+${hex(sorted[index]!)}-${hex(sorted[end]!)}`);
    index = end + 1;
  }
  return parts.join(", ");
}

interface FontFile {
  /** File name under public/fonts, with the first 10 hex digits of its SHA-256. */
  name: string;
  bytes: Buffer;
  unicodeRange: string;
}

export interface DisplayFont {
  /** The source file's bytes, for checks against what was cut from it. */
  source: Buffer;
  core: FontFile;
  latin: FontFile;
  /** The @font-face rules: both files, then the metric-matched fallback. */
  css: string;
}

async function subset(source: Buffer, stem: string, points: CodePoints): Promise<FontFile> {
  const bytes = await subsetFont(source, String.fromCodePoint(...points), {
    targetFormat: "woff2",
    variationAxes: { wght: WEIGHT },
  });
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
  return { name: `${stem}.${hash}.woff2`, bytes, unicodeRange: unicodeRange(points) };
}

interface FallbackMetrics {
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
  sizeAdjust: string;
  fallbackFont: string;
}

/**
 * next/font's own font parser (its bundled fontkit) and the function behind
 * its `adjustFontFallback`, so the fallback matches what next/font would
 * emit. Internal paths of the `next` package: if an upgrade moves them this
 * script fails loudly, and the committed output stays as it was.
 */
interface ParsedFont {
  characterSet: number[];
  hasGlyphForCodePoint(point: number): boolean;
  "OS/2": { usWeightClass: number };
}

export function parseFont(bytes: Buffer): ParsedFont {
  // As next/font's loader takes it: a function from a file's bytes to a font.
  const fontkit = require("next/dist/compiled/@next/font/dist/fontkit").default as { default?: (bytes: Buffer) => ParsedFont } & ((
    bytes: Buffer,
  ) => ParsedFont);
  return (fontkit.default ?? fontkit)(bytes);
}

function fallbackMetrics(font: Buffer): FallbackMetrics {
  const { getFallbackMetricsFromFontFile } = require("next/dist/compiled/@next/font/dist/local/get-fallback-metrics-from-font-file") as {
    getFallbackMetricsFromFontFile(font: ParsedFont, category: "serif" | "sans-serif"): FallbackMetrics;
  };
  return getFallbackMetricsFromFontFile(parseFont(font), "serif");
}

/**
 * What the source file has glyphs for (printable only), split into the core
 * file's part and the rest, without overlap (each of the languages' letters
 * leaves a hole in the latin file's range): Chromium fetches every face
 * whose range has a character of the text, not only the face it draws that
 * character with.
 */
export function splitCoverage(source: Buffer, locales: readonly string[] = LOCALES): { core: CodePoints; rest: CodePoints } {
  const printable = parseFont(source).characterSet.filter(
    (point) => !/[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}]/u.test(String.fromCodePoint(point)),
  );
  const core = new Set(coreCodePoints(locales));
  return { core: printable.filter((point) => core.has(point)), rest: printable.filter((point) => !core.has(point)) };
}

function fontFace(file: FontFile): string {
  return [
    "@font-face {",
    `  font-family: "${FAMILY}";`,
    `  font-weight: ${WEIGHT};`,
    "  font-display: optional;",
    // No `font-style: normal` (the descriptor's default) and no `format()` (the one source): bytes of every page's first round trip.
    `  src: url("${PUBLIC_DIR}/${file.name}");`,
    `  unicode-range: ${file.unicodeRange};`,
    "}",
  ].join("\n");
}

export async function buildDisplayFont(): Promise<DisplayFont> {
  const source = readFileSync(require.resolve(SOURCE_FONT));
  const coverage = splitCoverage(source);
  const core = await subset(source, "fraunces-600-core", coverage.core);
  const latin = await subset(source, "fraunces-600-latin", coverage.rest);
  const metrics = fallbackMetrics(core.bytes);
  const fallback = [
    "@font-face {",
    `  font-family: "${FAMILY} Fallback";`,
    `  src: ${[metrics.fallbackFont, ...TIMES_METRIC_CLONES].map((name) => `local("${name}")`).join(", ")};`,
    `  ascent-override: ${metrics.ascentOverride};`,
    `  descent-override: ${metrics.descentOverride};`,
    `  line-gap-override: ${metrics.lineGapOverride};`,
    `  size-adjust: ${metrics.sizeAdjust};`,
    "}",
  ].join("\n");
  const header = "/* Generated by `npm run fonts` (scripts/fonts/display-font.ts). Do not edit. */";
  return { source, core, latin, css: [header, fontFace(latin), fontFace(core), fallback].join("\n\n") + "\n" };
}
