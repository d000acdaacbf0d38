/**
 * How schema flags and counts are read. Storyblok's exports are loose about
 * scalar types (`"required": "true"`, `"max_length": "60"`), and the
 * generator reads them tolerantly, but only the spellings Storyblok uses: a
 * `required` flag read from any string would make every field with a stray
 * value required in the types and the validators. One table per reader, each
 * case checked where it matters: the generated type and the generated rule.
 */
import { describe, expect, it } from "vitest";
import { fileOf, propertyLine, run, type RawField } from "./helpers";

/** A field's rule in the generated BLOK_RULES, e.g. `["text", 1, 60]`. */
function ruleOf(validators: string, component: string, key: string): string | undefined {
  const start = validators.indexOf(`  ${JSON.stringify(component)}: [`);
  if (start < 0) return undefined;
  const block = validators.slice(start, validators.indexOf("  }]", start));
  const line = block
    .split("\n")
    .map((text) => text.trim())
    .find((text) => text.startsWith(`${JSON.stringify(key)}: `));
  return line?.slice(`${JSON.stringify(key)}: `.length).replace(/,$/, "");
}

/** The generated type line and rule for one field `value` on a component `probe`. */
function generated(field: RawField): { type: string | undefined; rule: string | undefined } {
  const result = run([{ name: "probe", is_nestable: true, schema: { value: field } }]);
  return {
    type: propertyLine(fileOf(result, "components.ts"), "ProbeBlok", "value"),
    rule: ruleOf(fileOf(result, "validators.ts"), "probe", "value"),
  };
}

describe('`required` is true only for true, "true" and 1', () => {
  it.each([
    ["true", true],
    ['"true"', "true"],
    ["1", 1],
  ])("required: %s makes the field required", (_name, required) => {
    expect(generated({ type: "text", required })).toEqual({ type: "value: string;", rule: '["text", 1]' });
  });

  it.each([
    ["false", false],
    ['"false"', "false"],
    ['"" (an emptied flag)', ""],
    ['"yes"', "yes"],
    ['"1"', "1"],
    ['"TRUE"', "TRUE"],
    ['" true" (padded)', " true"],
    ["0", 0],
    ["2", 2],
    ["null", null],
    ["an object", { value: true }],
    ["a list", [true]],
  ])("required: %s leaves the field optional", (_name, required) => {
    expect(generated({ type: "text", required })).toEqual({ type: "value?: string;", rule: '["text", 0]' });
  });

  it("an absent flag leaves the field optional", () => {
    expect(generated({ type: "text" })).toEqual({ type: "value?: string;", rule: '["text", 0]' });
  });
});

describe("the other flags are read the same way", () => {
  const options = [{ name: "Light", value: "light" }];
  it.each([
    ["exclude_empty_option: true", { exclude_empty_option: true }, '["option", 0, ["light"]]'],
    ['exclude_empty_option: "true"', { exclude_empty_option: "true" }, '["option", 0, ["light"]]'],
    ['exclude_empty_option: "yes" (not a flag)', { exclude_empty_option: "yes" }, '["option", 0, ["light", ""]]'],
    ["exclude_empty_option: 0", { exclude_empty_option: 0 }, '["option", 0, ["light", ""]]'],
  ])("%s", (_name, flag, rule) => {
    expect(generated({ type: "option", options, ...flag }).rule).toBe(rule);
  });

  it.each([
    ["restrict_components: true", true, '["bloks", 0, ["probe"]]'],
    ['restrict_components: "on" (not a flag): unrestricted', "on", '["bloks", 0, 0]'],
  ])("%s", (_name, restrict, rule) => {
    expect(generated({ type: "bloks", restrict_components: restrict, component_whitelist: ["probe"] }).rule).toBe(rule);
  });
});

describe("counts are whole numbers of zero or more, from numbers or their text", () => {
  it.each([
    ["60", 60, '["text", 0, 60]'],
    ['"60"', "60", '["text", 0, 60]'],
    ['" 60 " (padded)', " 60 ", '["text", 0, 60]'],
    ["0 (a limit of nothing is still a limit)", 0, '["text", 0, 0]'],
    ['"0"', "0", '["text", 0, 0]'],
  ])("max_length: %s is a limit", (_name, maxLength, rule) => {
    expect(generated({ type: "text", max_length: maxLength }).rule).toBe(rule);
  });

  it.each([
    ['"" (an emptied setting)', ""],
    ["-1", -1],
    ['"-1"', "-1"],
    ["1.5", 1.5],
    ['"abc"', "abc"],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["NaN", Number.NaN],
    ["true", true],
  ])("max_length: %s is no limit", (_name, maxLength) => {
    expect(generated({ type: "text", max_length: maxLength }).rule).toBe('["text", 0]');
  });
});

describe("text is read trimmed, and only from strings and finite numbers", () => {
  it("a padded type is the type", () => {
    expect(generated({ type: " text ", required: true })).toEqual({ type: "value: string;", rule: '["text", 1]' });
  });

  it("option values: strings as they are, numbers as their text, anything else dropped", () => {
    const options = [
      { value: "a" },
      { value: 1 },
      { value: true },
      { value: null },
      { value: Number.POSITIVE_INFINITY },
      { value: { x: 1 } },
      { name: "no value" },
    ];
    expect(generated({ type: "option", options }).rule).toBe('["option", 0, ["a", "1", ""]]');
  });
});
