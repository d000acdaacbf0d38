import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { HYDRATED_ATTRIBUTE } from "../../../src/islands/hydrated-mark";
import { SKIPPED_UNTIL_TAKEN_OVER } from "../../../src/islands/skipped-parts";

const css = readFileSync(resolve(__dirname, "../../../src/styles/globals.css"), "utf8").replace(/\/\*[^]*?\*\//g, "");

/** The selectors of each rule whose declarations include `declaration`, one list per rule. */
function selectorsDeclaring(stylesheet: string, declaration: RegExp): string[][] {
  return [...stylesheet.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
    .filter(([, , body]) => declaration.test(body!))
    .map(([, selectors]) => selectors!.split(",").map((selector) => selector.trim().replace(/\s+/g, " ")));
}

describe("SKIPPED_UNTIL_TAKEN_OVER", () => {
  it("names what the stylesheet skips until the page is taken over, no more and no less", () => {
    const rules = selectorsDeclaring(css, /content-visibility:\s*auto/);
    expect(rules).toHaveLength(1);
    const prefix = `:root:not([${HYDRATED_ATTRIBUTE}]) `;
    expect(rules[0]!.every((selector) => selector.startsWith(prefix))).toBe(true);
    expect(rules[0]!.map((selector) => selector.slice(prefix.length))).toEqual(SKIPPED_UNTIL_TAKEN_OVER.split(", "));
  });
});
