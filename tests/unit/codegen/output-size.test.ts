import { describe, expect, it } from "vitest";
import { generate } from "storyblok-typed-codegen";
import { synthesizeSchema } from "../../../bench/synthetic-schema";

/**
 * Output grows with components + fields, not their product: every union is
 * named once (all blocks, nestable, content types, groups, one alias per
 * bloks field) and referenced by name. Doubling a synthetic schema (twice the
 * components, so twice the fields, a third of them bloks fields) must about
 * double the output; inlining unions would about quadruple it.
 */
function outputBytes(components: number): { components: number; all: number } {
  const result = generate({ documents: [synthesizeSchema({ components })], schemaLabel: "synthetic" });
  expect(result.diagnostics).toEqual([]);
  const bytes = (text: string) => Buffer.byteLength(text, "utf8");
  return {
    components: bytes(result.files.find((file) => file.path === "components.ts")!.contents),
    all: result.files.reduce((sum, file) => sum + bytes(file.contents), 0),
  };
}

describe("output size", () => {
  it("about doubles when the schema doubles", () => {
    const small = outputBytes(200);
    const large = outputBytes(400);
    expect(large.components / small.components).toBeGreaterThan(1.8);
    expect(large.components / small.components).toBeLessThan(2.2);
    expect(large.all / small.all).toBeLessThan(2.2);
  });
});
