/**
 * Schema snapshots (tools/migrations/snapshot.ts), in-process: which files a
 * snapshot copies (a schema folder's JSON files in name order, a schema file
 * under its own name, the side files found beside it or named by a flag, each
 * under its plain name), the copy into a folder made with its parents, the
 * copy of the files as a git revision had them (`migrate baseline --from-git`:
 * a side file the revision lacks is left out, a schema file it lacks stops with
 * git's own words, or why git could not run), and paths as messages show them.
 * The CLI's tests reach these through a child process; these pin them where
 * mutation testing sees them.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BadInput } from "storyblok-typed-codegen";
import { label, snapshotSources, writeSnapshot, writeSnapshotFromGit } from "../../../tools/migrations/snapshot";

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "snapshot-files-"));
  dirs.push(dir);
  return dir;
}

function write(dir: string, name: string, text: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

describe("snapshotSources", () => {
  it("of a schema folder: its JSON files in name order, side files among them under their plain names, nothing else", () => {
    const schema = tempDir();
    // Created out of name order, so the folder's listing need not be sorted already.
    for (const name of ["relations.json", "groups.json", "components.json", "notes.md", "components.json.bak"]) write(schema, name, "{}");
    expect([...snapshotSources({ schema })]).toEqual([
      ["components.json", join(schema, "components.json")],
      ["groups.json", join(schema, "groups.json")],
      ["relations.json", join(schema, "relations.json")],
    ]);
  });

  it("of a schema file: the file under its own name, then each side file found beside it or named by a flag, as relations.json etc.", () => {
    const dir = tempDir();
    const schema = write(dir, "shop.components.json", "{}");
    write(dir, "shop.datasources.json", "{}");
    write(dir, "relations.json", "{}");
    write(dir, "languages.json", "{}");
    const plugins = write(join(dir, "elsewhere"), "my-plugins.json", "{}");
    const languages = write(join(dir, "elsewhere"), "my-languages.json", "{}");
    expect([...snapshotSources({ schema, plugins, languages })]).toEqual([
      ["shop.components.json", schema],
      ["relations.json", join(dir, "relations.json")],
      ["datasources.json", join(dir, "shop.datasources.json")],
      ["plugins.json", plugins],
      // The flag wins over the file beside the schema.
      ["languages.json", languages],
    ]);
    // Without side files, the schema alone.
    const lone = write(tempDir(), "components.json", "{}");
    expect([...snapshotSources({ schema: lone })]).toEqual([["components.json", lone]]);
  });
});

describe("writeSnapshot", () => {
  it("copies each file under its snapshot name into a folder it makes, parents and all", () => {
    const dir = tempDir();
    const schema = write(join(dir, "schema"), "shop.components.json", '{"components":[]}');
    const relations = write(join(dir, "schema"), "relations.json", '{"page":["body"]}');
    const target = join(dir, "migrations", "20260101000000-baseline", "schema");
    writeSnapshot(
      target,
      new Map([
        ["shop.components.json", schema],
        ["relations.json", relations],
      ]),
    );
    expect(readdirSync(target).sort()).toEqual(["relations.json", "shop.components.json"]);
    expect(readFileSync(join(target, "shop.components.json"), "utf8")).toBe('{"components":[]}');
    expect(readFileSync(join(target, "relations.json"), "utf8")).toBe('{"page":["body"]}');
  });
});

describe("writeSnapshotFromGit", () => {
  // A repository of its own, seen from the current folder (GIT_DIR, GIT_WORK_TREE): its files sit
  // under `folder`, a path relative to where the command runs, as the schema's would. The first
  // commit has components.json and relations.json; the second changes components.json.
  let repo: string;
  let first: string;
  const folder = `snapshot-from-git-${process.pid}`;
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=test", "-c", "user.email=test@example.com", ...args], { cwd: repo, encoding: "utf8" }).trim();
  const source = (name: string) => join(process.cwd(), folder, name);

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), "snapshot-git-"));
    git("init", "-q");
    write(join(repo, folder), "components.json", '{"version":1}');
    write(join(repo, folder), "relations.json", '{"page":["body"]}');
    git("add", ".");
    git("commit", "-q", "-m", "first");
    first = git("rev-parse", "HEAD");
    write(join(repo, folder), "components.json", '{"version":2}');
    git("commit", "-q", "-a", "-m", "second");
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  function inRepo(): void {
    vi.stubEnv("GIT_DIR", join(repo, ".git"));
    vi.stubEnv("GIT_WORK_TREE", process.cwd());
  }

  it("writes each file as the revision had it; a side file the revision lacks is left out", () => {
    inRepo();
    const target = join(tempDir(), "migrations", "20260101000000-baseline", "schema");
    writeSnapshotFromGit(
      target,
      new Map([
        ["components.json", source("components.json")],
        ["relations.json", source("relations.json")],
        ["languages.json", source("languages.json")],
      ]),
      first,
    );
    expect(readdirSync(target).sort()).toEqual(["components.json", "relations.json"]);
    expect(readFileSync(join(target, "components.json"), "utf8")).toBe('{"version":1}');
    expect(readFileSync(join(target, "relations.json"), "utf8")).toBe('{"page":["body"]}');
  });

  it("asks git for a path given with backslashes (as on Windows) with forward slashes", () => {
    inRepo();
    const target = join(tempDir(), "schema");
    writeSnapshotFromGit(target, new Map([["components.json", join(process.cwd(), `${folder}\\components.json`)]]), "HEAD");
    expect(readFileSync(join(target, "components.json"), "utf8")).toBe('{"version":2}');
  });

  it("stops at a schema file the revision lacks, with the command and git's message, trimmed, and only there", () => {
    inRepo();
    // git's own stderr is read into the message, not also printed as it comes.
    const printed = vi.spyOn(process.stderr, "write");
    const asked = () => writeSnapshotFromGit(join(tempDir(), "schema"), new Map([["groups.json", source("groups.json")]]), first);
    expect(asked).toThrow(BadInput);
    expect(asked).toThrow(
      new RegExp(`^git show ${first}:\\./${folder}/groups\\.json: fatal: path '${folder}/groups\\.json' does not exist in '${first}'$`),
    );
    expect(printed.mock.calls.filter(([text]) => String(text).includes("fatal:"))).toEqual([]);
  });

  it("when git cannot run, says why instead of git's (absent) message", () => {
    inRepo();
    vi.stubEnv("PATH", tempDir());
    const asked = () => writeSnapshotFromGit(join(tempDir(), "schema"), new Map([["components.json", source("components.json")]]), "HEAD");
    expect(asked).toThrow(BadInput);
    expect(asked).toThrow(new RegExp(`^git show HEAD:\\./${folder}/components\\.json: Error: spawnSync git ENOENT$`));
  });
});

describe("label", () => {
  it("shows a path relative to where the command runs, with forward slashes, and that folder itself as `.`", () => {
    expect(label(process.cwd())).toBe(".");
    expect(label(join(process.cwd(), "migrations", "20260101000000-baseline", "schema"))).toBe("migrations/20260101000000-baseline/schema");
    expect(label(join(process.cwd(), "migrations\\20260101000000-baseline"))).toBe("migrations/20260101000000-baseline");
    expect(label(join(process.cwd(), "..", "elsewhere"))).toBe("../elsewhere");
  });
});
