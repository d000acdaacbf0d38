import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "storyblok-typed-codegen";
import { REPO } from "../../support/repo-root";

/**
 * The generator copies the validation engine into every output from the text
 * embedded in codegen/engine/source.ts, so that it reads no file at run time.
 * The package's build rewrites it; a commit that edits engine.ts alone fails here.
 */
describe("the engine.ts generate writes", () => {
  it("ends with the text of codegen/engine/engine.ts", () => {
    const engine = readFileSync(join(REPO, "codegen/engine/engine.ts"), "utf8");
    const documents = [{ components: [{ name: "page", is_root: true, schema: { title: { type: "text" } } }] }];
    const written = generate({ documents, schemaLabel: "schema.json" }).files.find((file) => file.path === "engine.ts")?.contents ?? "";
    expect(written.endsWith(`\n\n${engine}`), "codegen/engine/source.ts is stale: run `npm run embed-engine -w codegen`").toBe(true);
  });
});
