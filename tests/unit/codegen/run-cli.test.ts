/**
 * The package's CLI run in-process (`storyblok-typed-codegen/cli`'s runCli),
 * as `portfolio generate`, `check` and `blocks add` run it: it returns each
 * outcome's exit code and never ends the process (a process.exit here would
 * end the test run), so a caller prints its own lines after it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { EXIT } from "storyblok-typed-codegen";
import { runCli } from "storyblok-typed-codegen/cli";
import { REPO } from "../../support/repo-root";

const temp = mkdtempSync(join(tmpdir(), "codegen-run-cli-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const SCHEMA = join(REPO, "tests/fixtures/schemas/hedvig-market-web.components.json");

/** runCli with its console output kept: the exit code, and what went to stdout and stderr. */
async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: unknown) => void stdout.push(String(line)));
  vi.spyOn(console, "error").mockImplementation((line: unknown) => void stderr.push(String(line)));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => stderr.push(String(chunk)) > 0);
  const code = await runCli(args);
  vi.restoreAllMocks();
  return { code, stdout: stdout.join("\n"), stderr: stderr.join("") };
}

describe("runCli", () => {
  const out = join(temp, "generated");

  it("--version prints the package's version and answers 0", async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
    const code = await runCli(["--version"]);
    vi.restoreAllMocks();
    const { version } = JSON.parse(readFileSync(join(REPO, "codegen/package.json"), "utf8")) as { version: string };
    expect({ code, written: written.join("") }).toEqual({ code: EXIT.ok, written: `${version}\n` });
  });

  it("generates, then checks: 0 when current, 1 with the diff when a file is stale", async () => {
    const generated = await run("generate", "--schema", SCHEMA, "--out", out);
    expect(generated.code).toBe(EXIT.ok);
    expect(generated.stdout).toContain(`Generated 9 files in ${out} (9 changed).`);
    expect((await run("check", "--schema", SCHEMA, "--out", out)).code).toBe(EXIT.ok);

    const index = join(out, "index.ts");
    writeFileSync(index, `${readFileSync(index, "utf8")}// edited\n`);
    const stale = await run("check", "--schema", SCHEMA, "--out", out);
    expect(stale.code).toBe(EXIT.drift);
    expect(stale.stdout).toContain(`Stale: ${out}/index.ts`);
  });

  it("answers bad input with 2 and one line, and a usage error with commander's code, and the process goes on", async () => {
    const missing = await run("generate", "--schema", join(temp, "nowhere.json"), "--out", out);
    expect(missing.code).toBe(EXIT.badInput);
    expect(missing.stderr).toContain("nowhere.json: cannot read the file (ENOENT)");

    const usage = await run("generate", "--no-such-flag");
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("unknown option '--no-such-flag'");
  });
});
