import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDisplayFont, parseFont, splitCoverage, unicodeRange, WEIGHT, type DisplayFont } from "../../../scripts/fonts/display-font";
import { displayFontModule } from "../../../scripts/fonts/display-font-module";

const root = fileURLToPath(new URL("../../../", import.meta.url));

let font: DisplayFont;
beforeAll(async () => {
  font = await buildDisplayFont();
});

describe("the display face as committed", () => {
  it("is what `npm run fonts` writes today: the files, the @font-face rules and the core file's path", () => {
    const committed = readdirSync(`${root}public/fonts`)
      .filter((name) => name.startsWith("fraunces-"))
      .sort();
    expect(committed).toEqual([font.core.name, font.latin.name].sort());
    for (const file of [font.core, font.latin])
      expect(readFileSync(`${root}public/fonts/${file.name}`).equals(file.bytes), file.name).toBe(true);
    expect(readFileSync(`${root}src/styles/display-font.css`, "utf8")).toBe(font.css);
    expect(readFileSync(`${root}src/styles/display-font-files.ts`, "utf8")).toBe(displayFontModule(font));
  });

  it("names each file by its content, so a year-long cache can never serve a stale font", async () => {
    const again = await buildDisplayFont();
    expect(again.core.name).toBe(font.core.name);
    expect(font.core.name).toMatch(/^fraunces-600-core\.[0-9a-f]{10}\.woff2$/);
    expect(font.latin.name).toMatch(/^fraunces-600-latin\.[0-9a-f]{10}\.woff2$/);
  });
});

describe("the two files", () => {
  it("are a static 600 instance with a glyph for every code point of their range", () => {
    const coverage = splitCoverage(font.source);
    for (const [file, points] of [
      [font.core, coverage.core],
      [font.latin, coverage.rest],
    ] as const) {
      const parsed = parseFont(file.bytes);
      expect(parsed["OS/2"].usWeightClass).toBe(WEIGHT);
      expect(points.length).toBeGreaterThan(50);
      expect(points.filter((point) => !parsed.hasGlyphForCodePoint(point)).map((point) => point.toString(16))).toEqual([]);
      expect(file.unicodeRange).toBe(unicodeRange(points));
    }
  });

  it("keep the core file small: it is the one request a first paint waits for", () => {
    expect(font.core.bytes.length).toBeLessThan(16_000);
  });

  it("put ASCII, the punctuation and the site's languages' letters in the core file, and every other character in the latin one", () => {
    const { core, rest } = splitCoverage(font.source);
    const inCore = new Set(core);
    for (const letter of "AZaz09&?! \u00a0\u2019\u201c\u2014\u2026") expect(inCore.has(letter.codePointAt(0)!), letter).toBe(true);
    // Dutch is one of the site's languages (src/generated/locales.ts): "één" needs no second file.
    for (const letter of "éëïöüÉ") expect(inCore.has(letter.codePointAt(0)!), letter).toBe(true);
    for (const letter of "ßÆøœçñ") {
      expect(inCore.has(letter.codePointAt(0)!), letter).toBe(false);
      expect(rest.includes(letter.codePointAt(0)!), letter).toBe(true);
    }
    // No overlap: Chromium would fetch both files for a letter in both ranges.
    expect(rest.filter((point) => inCore.has(point))).toEqual([]);
    const printable = parseFont(font.source).characterSet.filter(
      (point) => !/[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}]/u.test(String.fromCodePoint(point)),
    );
    expect([...core, ...rest].sort((a, b) => a - b)).toEqual([...printable].sort((a, b) => a - b));
  });

  it("take each language's letters, capitals too, into the core file for the site's locales only", () => {
    const english = new Set(splitCoverage(font.source, ["en"]).core);
    expect(english.has("é".codePointAt(0)!)).toBe(false);
    const german = new Set(splitCoverage(font.source, ["en", "de-AT"]).core);
    for (const letter of "äÄöÖüÜß") expect(german.has(letter.codePointAt(0)!), letter).toBe(true);
    expect(german.has("é".codePointAt(0)!)).toBe(false);
  });

  it("declare those ranges in the @font-face rules, the core file last", () => {
    expect(font.css).toContain(`unicode-range: ${font.core.unicodeRange};`);
    expect(font.css).toContain(`unicode-range: ${font.latin.unicodeRange};`);
    expect(font.css.indexOf(font.latin.name)).toBeLessThan(font.css.indexOf(font.core.name));
    expect(displayFontModule(font)).toContain(`"/fonts/${font.core.name}"`);
    expect(font.css).toMatch(
      /font-family: "Fraunces Fallback";\n  src: local\("Times New Roman"\), local\("Liberation Serif"\), local\("Tinos"\);\n  ascent-override: [\d.]+%;/,
    );
  });

  it("are optional: a heading never swaps faces once drawn, so a late file moves nothing", () => {
    expect(font.css.match(/font-display: optional;/g)).toHaveLength(2);
    expect(font.css).not.toContain("swap");
  });
});

describe("unicodeRange", () => {
  it("folds consecutive code points into ranges, in order, once each", () => {
    expect(unicodeRange([0x41, 0x20, 0x21, 0x22, 0x41, 0xe9])).toBe("U+20-22, U+41, U+E9");
    expect(unicodeRange([])).toBe("");
  });
});
