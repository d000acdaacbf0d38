import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { reportLines, WARNING_CODES, type Diagnostic } from "storyblok-typed-codegen";
import { propertyLine, REPO, run, type RawField } from "./helpers";

/** Warnings that help: one counted line per noisy kind, stable codes, the right words for a missing datasources file. */
const optionField = (component: string): Diagnostic => ({
  severity: "warning",
  code: "option-without-values",
  component,
  field: "root_class",
  message: "has no option values; typed as string",
});

describe("reportLines", () => {
  const many = ["carousel", "accordion", "banner", "dialog", "embed"].map(optionField);
  const collision: Diagnostic = { severity: "warning", code: "name-collision", component: "Modal Block", message: "its type name …" };
  const error: Diagnostic = {
    severity: "error",
    code: "field-type-unknown",
    component: "hero",
    field: "x",
    message: 'unknown field type "wat"',
  };

  it("sums up a code seen more than three times in one line with its count and first example, errors first", () => {
    expect(reportLines([...many, collision, error])).toEqual([
      'error[field-type-unknown]: component "hero", field "x": unknown field type "wat"',
      'warning[name-collision]: component "Modal Block": its type name …',
      "warning[option-without-values]: 5 option fields without option values, typed as string (e.g. accordion.root_class); --verbose lists all",
    ]);
  });

  it("lists every one with verbose, sorted by place whatever the input order", () => {
    const lines = reportLines([...many].reverse(), { verbose: true });
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(
      'warning[option-without-values]: component "accordion", field "root_class": has no option values; typed as string',
    );
    expect(reportLines(many, { verbose: true })).toEqual(lines);
  });

  it("silences codes, never errors, and says how many were silenced", () => {
    expect(reportLines([...many, error], { silenced: new Set(["option-without-values", "field-type-unknown"]) })).toEqual([
      'error[field-type-unknown]: component "hero", field "x": unknown field type "wat"',
      "(5 warnings silenced with --no-warn)",
    ]);
  });
});

describe("warnings the generator gives", () => {
  const datasourceField = { type: "option", source: "internal", datasource_slug: "colours" };
  const cases: [string, { schema: Record<string, RawField>; datasources?: unknown; code?: string; message?: RegExp }][] = [
    [
      "a datasource with no datasources file",
      { schema: { value: datasourceField }, code: "datasource-unknown", message: /no datasources file was found/ },
    ],
    [
      "a datasource missing from the file",
      {
        schema: { value: datasourceField },
        datasources: [{ slug: "sizes", entries: [] }],
        code: "datasource-unknown",
        message: /"colours", which is not in the datasources file/,
      },
    ],
    ["a datasource in the file", { schema: { value: datasourceField }, datasources: [{ slug: "colours", entries: [{ value: "red" }] }] }],
    [
      "rich text restricted without a whitelist",
      {
        schema: { value: { type: "richtext", restrict_components: true } },
        code: "richtext-allows-no-blocks",
        message: /allows none; typed as RichTextDoc<never>/,
      },
    ],
    [
      "rich text restricted to an explicit empty whitelist (meant)",
      { schema: { value: { type: "richtext", restrict_components: true, component_whitelist: [] } } },
    ],
    [
      "rich text restricted to a group list that was never saved",
      { schema: { value: { type: "richtext", restrict_components: true, restrict_type: "groups" } }, code: "richtext-allows-no-blocks" },
    ],
  ];
  it.each(cases)("%s", (_name, { schema, datasources, code, message }) => {
    const result = run([{ name: "probe", is_nestable: true, schema }], { datasources });
    const codes = result.diagnostics.map((d) => d.code);
    expect(codes).toEqual(code === undefined ? [] : [code]);
    if (message) expect(result.diagnostics[0]!.message).toMatch(message);
    for (const diagnostic of result.diagnostics) expect(WARNING_CODES).toContain(diagnostic.code);
  });

  it("every warning code is written in kebab case", () => {
    for (const code of WARNING_CODES) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});

describe("portfolio generate: side files and --no-warn", () => {
  const exec = promisify(execFile);
  const temp = mkdtempSync(join(tmpdir(), "codegen-warn-"));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  const portfolio = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await exec(process.execPath, [join(REPO, "bin/portfolio.js"), ...args], { cwd: REPO });
      return { code: 0, stdout, stderr };
    } catch (error) {
      return error as { code: number; stdout: string; stderr: string };
    }
  };
  const schema = {
    components: [
      {
        name: "swatch",
        is_nestable: true,
        schema: { colour: { type: "option", source: "internal", datasource_slug: "colours" }, size: { type: "option" } },
      },
    ],
  };
  const datasources = { datasources: [{ slug: "colours", entries: [{ value: "red" }, { value: "blue" }] }] };

  it.each([
    ["<name>.datasources.json", "shop.datasources.json"],
    ["datasources.json", "datasources.json"],
  ])("picks up %s beside the schema", async (_label, file) => {
    const dir = join(temp, file.replace(/\W/g, "-"));
    mkdirSync(dir);
    writeFileSync(join(dir, "shop.components.json"), JSON.stringify(schema));
    writeFileSync(join(dir, file), JSON.stringify(datasources));
    const { code, stderr } = await portfolio(
      "generate",
      "--schema",
      join(dir, "shop.components.json"),
      "--out",
      join(dir, "out"),
      "--no-warn",
      "option-without-values",
    );
    expect(code).toBe(0);
    expect(stderr).toBe(`${join(dir, "shop.components.json")}: (1 warning silenced with --no-warn)\n`);
    expect(propertyLine(readFileSync(join(dir, "out/components.ts"), "utf8"), "SwatchBlok", "colour")).toBe(
      'colour?: "blue" | "red" | "";',
    );
  });

  it("rejects an unknown warning code (a typo must not silence nothing forever)", async () => {
    const { code, stderr } = await portfolio("generate", "--out", join(temp, "never"), "--no-warn", "option-without-value");
    expect(code).toBe(2);
    expect(stderr).toContain("--no-warn: unknown warning code(s) option-without-value");
  });
});
