import { describe, expect, it } from "vitest";
import {
  classNamesIn,
  criticalCss,
  firstScreenMarkup,
  firstScreenOf,
  textIn,
  topLevelBlocks,
  unicodeRangeOf,
} from "../../../src/document/critical-css";

const FIRST_SCREEN = { classes: new Set(["hero", "title", "menu"]), text: "Elena Varga, design engineer" };

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

describe("unicodeRangeOf", () => {
  it.each<[string, [number, number][] | null]>([
    [
      "unicode-range: U+20-7E, U+A0",
      [
        [0x20, 0x7e],
        [0xa0, 0xa0],
      ],
    ],
    ["unicode-range:u+4??", [[0x400, 0x4ff]]],
    ["src:url(/f.woff2)", null],
    ["unicode-range: U+zz", null],
  ])("%s", (block, want) => {
    expect(unicodeRangeOf(`@font-face{${block}}`)).toEqual(want);
  });
});

describe("the first screen's text", () => {
  it("is the markup's text, without tags, scripts and styles", () => {
    expect(textIn('<h1 class="a">één</h1><script>"ø"</script><style>.x{content:"ß"}</style><p title="ç">x</p>')).toBe("éénx");
    expect(firstScreenOf('<h1 class="a">Hi</h1><section data-reveal><h2 class="b">ß</h2></section>')).toEqual({
      classes: new Set(["a"]),
      text: "Hi",
    });
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

  it("keeps an @font-face only when the first screen shows a character of its unicode-range", () => {
    const core = "@font-face{font-family:F;src:url(/core.woff2);unicode-range:u+20-7e,u+e9}";
    const latin = "@font-face{font-family:F;src:url(/latin.woff2);unicode-range:u+a1-e8,u+ea-ff,u+131}";
    const fallback = '@font-face{font-family:F Fallback;src:local("Times New Roman")}';
    const css = latin + core + fallback;
    expect(criticalCss(css, FIRST_SCREEN)).toBe(core + fallback);
    expect(criticalCss(css, { ...FIRST_SCREEN, text: "Ærøskøbing" })).toBe(css);
    // é is the core file's alone: the latin face is not needed for it.
    expect(criticalCss(css, { ...FIRST_SCREEN, text: "één" })).toBe(core + fallback);
    // A range this cannot read keeps the face.
    const odd = "@font-face{font-family:F;src:url(/x.woff2);unicode-range:var(--r)}";
    expect(criticalCss(odd, FIRST_SCREEN)).toBe(odd);
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
