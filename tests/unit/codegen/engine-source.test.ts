import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENGINE_SOURCE } from "../../../codegen/engine/source";
import { REPO } from "../../support/repo-root";

/**
 * The generator copies the validation engine into every output from the text
 * embedded in codegen/engine/source.ts, so that it reads no file at run time.
 * The package's build rewrites it; a commit that edits engine.ts alone fails here.
 */
describe("codegen/engine/source.ts", () => {
  it("holds the text of engine.ts", () => {
    const engine = readFileSync(join(REPO, "codegen/engine/engine.ts"), "utf8");
    expect(ENGINE_SOURCE === engine, "codegen/engine/source.ts is stale: run `npm run embed-engine -w codegen`").toBe(true);
  });
});
