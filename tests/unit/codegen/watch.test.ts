import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HANG_GUARD_MS } from "../../support/hang-guard";
import { REPO } from "../../support/repo-root";

/** `portfolio generate --watch`: an edit to the schema is regenerated at once, with the drift summary printed. */
const temp = mkdtempSync(join(tmpdir(), "codegen-watch-"));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill();
  rmSync(temp, { recursive: true, force: true });
});

const schema = (fields: Record<string, unknown>) => JSON.stringify({ components: [{ name: "hero", is_nestable: true, schema: fields }] });

/** Resolves when the output so far matches, or rejects after `ms` (a hang guard) with what was printed. */
function waitFor(output: () => string, pattern: RegExp, ms = HANG_GUARD_MS): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const match = output().match(pattern);
      if (match) {
        clearInterval(poll);
        resolve(match);
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`no ${pattern} within ${ms} ms; printed:\n${output()}`));
      }
    }, 20);
  });
}

describe("portfolio generate --watch", () => {
  it("regenerates on a schema edit, prints what changed, and keeps the output through a broken save", async () => {
    const path = join(temp, "components.json");
    const out = join(temp, "generated");
    writeFileSync(path, schema({ title: { type: "text" } }));
    child = spawn(process.execPath, [join(REPO, "bin/portfolio.js"), "generate", "--watch", "--schema", path, "--out", out], { cwd: REPO });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    await waitFor(() => stdout, /Watching .* for changes/);
    expect(readFileSync(join(out, "components.ts"), "utf8")).toContain("title?: string;");

    const mark = stdout.length;
    writeFileSync(path, schema({ title: { type: "text", required: true }, subtitle: { type: "text" } }));
    // It says how long it took; how fast regeneration is belongs to `npm run bench codegen`, not to a test.
    await waitFor(() => stdout.slice(mark), /file\(s\) changed in .* \(\d+ ms\):\n(?:.*\n)*?.*subtitle/);
    // The summary's lines may reach this process in more than one chunk: its other line may come after the match.
    await waitFor(() => stdout.slice(mark), /~ field hero\.title\?: string → hero\.title: string/);
    expect(stdout.slice(mark)).toContain("+ field hero.subtitle?: string");
    expect(stdout.slice(mark)).toContain("~ field hero.title?: string → hero.title: string");
    expect(readFileSync(join(out, "components.ts"), "utf8")).toContain("subtitle?: string;");

    const broken = stdout.length;
    writeFileSync(path, "{ not json");
    await waitFor(() => stdout.slice(broken), /left as it was: the schema has errors/);
    expect(stderr).toContain("not valid JSON");
    expect(readFileSync(join(out, "components.ts"), "utf8")).toContain("subtitle?: string;");
  }, 60_000);
});
