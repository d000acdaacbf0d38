import { describe, expect, it } from "vitest";
import { cleanMultiLine, cleanSingleLine } from "../../../src/contact/rules/contact-text";

const RLO = "\u202E";

describe("cleanSingleLine: a name, an address, a URL or a number is one line without controls", () => {
  it.each<[string, string, string]>([
    ["LF", "Femke\nBcc: x@evil.example", "Femke Bcc: x@evil.example"],
    ["CR", "Femke\rBcc: x@evil.example", "Femke Bcc: x@evil.example"],
    ["CRLF", "Femke\r\nBcc: x@evil.example", "Femke Bcc: x@evil.example"],
    ["a run of breaks is one space", "Femke\r\n\r\n\n\rde Wit", "Femke de Wit"],
    ["U+2028 line separator", "Femke\u2028de Wit", "Femke de Wit"],
    ["U+2029 paragraph separator", "Femke\u2029de Wit", "Femke de Wit"],
    ["NEL (U+0085)", "Femke\u0085de Wit", "Femke de Wit"],
    ["vertical tab and form feed", "Femke\u000Bde\u000CWit", "Femke de Wit"],
    ["tabs", "Femke\t\tde\tWit", "Femke de Wit"],
    ["breaks at the ends are trimmed", "\r\n\tFemke de Wit\u2028\n", "Femke de Wit"],
    ["a control between two breaks", "Femke\n\u0000\nde Wit", "Femke de Wit"],
    ["NUL", "Fem\u0000ke", "Femke"],
    ["ESC (a terminal escape sequence)", "Femke\u001b[2J\u001b]0;owned\u0007", "Femke[2J]0;owned"],
    ["BEL and backspace", "Fem\u0007\u0008ke", "Femke"],
    ["DEL", "Fem\u007Fke", "Femke"],
    ["C1 controls (CSI U+009B)", "Fem\u0080\u009Bke\u009F", "Femke"],
    ["RLO, right-to-left override", `${RLO}Femke`, "Femke"],
    ["LRO, PDF", "\u202DFemke\u202C", "Femke"],
    ["LRE, RLE", "\u202AFem\u202Bke", "Femke"],
    ["isolates LRI, RLI, FSI, PDI", "\u2066Fe\u2067m\u2068ke\u2069", "Femke"],
    ["marks LRM, RLM, ALM", "\u200EFe\u200Fmke\u061C", "Femke"],
    ["a Trojan-Source name", `admin${RLO}moc.elpmaxe@evil`, "adminmoc.elpmaxe@evil"],
    ["only controls is empty", `${RLO}\u200F\u0007\r\n\t\u2066`, ""],
    ["a lone high surrogate", "Fem\uD83Dke", "Fem\uFFFDke"],
    ["a lone low surrogate", "Fem\uDE00ke", "Fem\uFFFDke"],
  ])("%s", (_name, given, want) => {
    expect(cleanSingleLine(given)).toBe(want);
  });

  it.each<[string, string]>([
    ["accents and other scripts", "Zoë Ørsted — 山田 · عائشة"],
    ["emoji, with ZWJ sequences", "Femke 👩🏽‍💻 🇳🇱"],
    ["zero-width joiner and non-joiner in words", "می‌خواهم क्‍ष"],
    ["punctuation a name may have", "O'Brien-Smith, Jr. (she/her) <3"],
  ])("keeps %s", (_name, given) => {
    expect(cleanSingleLine(given)).toBe(given);
  });

  // How long it takes (linear: under 200 ms) is `npm run bench -- contact-text`'s figure, not a test's.
  it("cleans a 64 KB body of breaks and controls to one line", () => {
    const hostile = "\r\n\u202E\u0000 \t".repeat(11_000);
    expect(cleanSingleLine(`a${hostile}b`)).toMatch(/^a[ ]+b$/);
  });
});

describe("cleanMultiLine: a message keeps its lines, as \\n, and loses every other control", () => {
  it.each<[string, string, string]>([
    ["CRLF from a posted textarea", "a\r\nb", "a\nb"],
    ["lone CR", "a\rb", "a\nb"],
    ["LF stays", "a\n\nb", "a\n\nb"],
    ["U+2028 and U+2029", "a\u2028b\u2029c", "a\nb\nc"],
    ["NEL, VT, FF", "a\u0085b\u000Bc\u000Cd", "a\nb\nc\nd"],
    ["a tab is a space", "a\tb", "a b"],
    ["NUL, BEL, ESC, DEL, C1", "a\u0000\u0007\u001b[31mb\u007F\u009B", "a[31mb"],
    ["bidi controls", `pay ${RLO}0001${"\u202C"} EUR \u2067x\u2069\u200F`, "pay 0001 EUR x"],
    ["trimmed at both ends, breaks included", "\r\n  Hello,\r\nFemke\r\n\r\n", "Hello,\nFemke"],
    ["a lone surrogate", "a\uD800b", "a\uFFFDb"],
  ])("%s", (_name, given, want) => {
    expect(cleanMultiLine(given)).toBe(want);
  });

  it("keeps a surrogate pair whole", () => {
    expect(cleanMultiLine("a 😀 b")).toBe("a 😀 b");
  });
});
