/**
 * The generator's one door, as the lint keeps it (eslint.config.mjs): outside
 * codegen/, a path import of the package fails `npm run lint`; its name and
 * exports pass, and so does a relative path that only looks like codegen/
 * (tests/unit/codegen/ from tests/unit/migrate/). Snippets planted at real
 * depths and linted by ESLint's Node API with the repository's config.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { REPO } from "../../support/repo-root";

const eslint = new ESLint({ cwd: REPO });

/** The rules an import line breaks, when planted as the file at `filePath` (relative to the repository). */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const planted = value;\n`, { filePath: `${REPO}/${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe("a path import of the generator package", () => {
  it.each([
    ["tests/unit/planted.test.ts", 'import { generate as value } from "../../codegen";'],
    ["tests/unit/migrate/planted.test.ts", 'import { EXIT as value } from "../../../codegen/exit-codes.js";'],
    ["tests/unit/migrate/support/planted.ts", 'export { runCli as value } from "../../../../codegen/cli/program";'],
    ["bench/planted.ts", 'import value from "./../codegen/engine/engine";'],
    ["planted.config.ts", 'import { generate as value } from "./codegen/index.ts";'],
  ])("fails the lint in %s", async (filePath, code) => {
    expect(await brokenRules(filePath, code)).toContain("no-restricted-imports");
  });

  it.each([
    ["tests/unit/planted.test.ts", 'import { generate as value } from "storyblok-typed-codegen";'],
    ["tests/unit/migrate/planted.test.ts", 'import type { RawComponent as value } from "../codegen/helpers";'],
    ["bench/planted.ts", 'import { runCli as value } from "storyblok-typed-codegen/cli";'],
  ])("passes by the package's name, or a path that is not the package (%s)", async (filePath, code) => {
    expect(await brokenRules(filePath, code)).not.toContain("no-restricted-imports");
  });
});
