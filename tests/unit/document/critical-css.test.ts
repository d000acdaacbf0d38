import { describe, expect, it } from "vitest";
import { classNamesIn, criticalCss, firstScreenMarkup, topLevelBlocks } from "../../../src/document/critical-css";

const FIRST_SCREEN = new Set(["hero", "title", "menu"]);

describe("firstScreenMarkup: what comes before the first scroll reveal", () => {
  it.each([
    [
      "cuts at the first reveal",
      '<header class="hero"></header><section data-reveal=""><p class="card">',
      '<header class="hero"></header><section',
    ],
    ["takes all when there is no reveal", '<main class="hero"><p>text</p></main>', '<main class="hero"><p>text</p></main>'],
    ["ignores the words in text", '<p class="hero">data-reveal</p><div data-reveal>', '<p class="hero">data-reveal</p><div'],
  ])("%s", (_, html, want) => {
    expect(firstScreenMarkup(html)).toBe(want);
  });
});

describe("classNamesIn", () => {
  it("collects every class of every class attribute, once", () => {
    expect([...classNamesIn('<a class="_x1 _y-2"></a><b class=" _x1  z "></b><i data-class="no"></i>')]).toEqual(["_x1", "_y-2", "z"]);
  });
});

describe("criticalCss: the rules the first screen uses", () => {
  it.each<[string, string, string]>([
    ["keeps a rule whose classes are all on the first screen", ".hero .title{color:red}", ".hero .title{color:red}"],
    ["drops a rule with a class only further down", ".card{margin:0}.hero{padding:0}", ".hero{padding:0}"],
    ["keeps a rule when one selector of its list applies", ".card,.hero>p{margin:0}", ".card,.hero>p{margin:0}"],
    ["drops a rule that also needs a class not there yet", ".hero.open{display:block}", ""],
    [
      "keeps element, :root and attribute rules",
      ":root{--a:1}body{margin:0}[hidden]{display:none}",
      ":root{--a:1}body{margin:0}[hidden]{display:none}",
    ],
    ["does not require a class only excluded by :not()", ".hero:not(.open){display:none}", ".hero:not(.open){display:none}"],
    [
      "filters inside @media and drops an emptied one",
      "@media (min-width:40rem){.card{a:b}.title{c:d}}@media print{.card{e:f}}",
      "@media (min-width:40rem){.title{c:d}}",
    ],
    [
      "keeps @font-face and @keyframes whole",
      "@font-face{font-family:F;src:url(/f.woff2)}@keyframes rise{from{transform:none}}",
      "@font-face{font-family:F;src:url(/f.woff2)}@keyframes rise{from{transform:none}}",
    ],
    ["is not fooled by braces in strings and comments", '.card{content:"}"}/* { */.hero{content:"{"}', '/* { */.hero{content:"{"}'],
  ])("%s", (_, css, want) => {
    expect(criticalCss(css, FIRST_SCREEN)).toBe(want);
  });

  it("keeps the rules in the stylesheet's order, so the cascade is the same as the whole file's", () => {
    expect(criticalCss(".hero{a:1}.card{b:2}.title{c:3}.hero{d:4}", FIRST_SCREEN)).toBe(".hero{a:1}.title{c:3}.hero{d:4}");
  });

  it.each([
    ["an unclosed block", ".hero{color:red"],
    ["a stray closing brace", ".hero{color:red}}.card{}"],
    ["an unterminated string", '.hero{content:"x}'],
  ])("inlines the whole file when it cannot be read safely: %s", (_, css) => {
    expect(topLevelBlocks(css)).toBeNull();
    expect(criticalCss(css, FIRST_SCREEN)).toBe(css);
  });
});
