/**
 * What `migrate run` accepts as a migration file and as the generated rules,
 * before it reads a story: a default export that is not `defineMigration(…)`'s
 * `{ blocks }`, or a block entry that is not a function, stops the run naming
 * the file; a generated folder without validators.ts or relations.ts says to
 * run codegen. tsx compiles the files at run time and cannot register its
 * loader inside vitest, so its import is replaced by the modules each test
 * names (the CLI's tests load real files in a child process).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";

/** What importing each file gives, by file URL. */
const modules = new Map<string, Record<string, unknown>>();
const imported: { url: string; parent: string }[] = [];
vi.mock("tsx/esm/api", () => ({
  tsImport: async (url: string, parent: string) => {
    imported.push({ url, parent });
    const module = modules.get(url);
    if (module === undefined) throw new Error(`no module at ${url}`);
    return module;
  },
}));

const { loadMigration, loadSchemaRules } = await import("../../../tools/migrations/run/load");

const dirs: string[] = [];
afterEach(() => {
  modules.clear();
  imported.splice(0);
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

const url = (path: string) => pathToFileURL(resolve(path)).href;
const page = (block: unknown) => block;

describe("loadMigration", () => {
  it("takes the default export's blocks, imported by the file's URL", async () => {
    modules.set(url("m/20260101000000-a.ts"), { default: { blocks: { page } } });
    const loaded = await loadMigration("20260101000000-a", "m/20260101000000-a.ts");
    expect(loaded).toEqual({ id: "20260101000000-a", blocks: { page } });
    expect(imported.map((entry) => entry.url)).toEqual([url("m/20260101000000-a.ts")]);
    expect(imported[0]!.parent).toMatch(/^file:.*load\.ts$/);
  });

  it("takes it nested once more, as tsx gives a file it compiles as CommonJS", async () => {
    modules.set(url("m/b.ts"), { default: { default: { blocks: { page } } } });
    expect((await loadMigration("b", "m/b.ts")).blocks).toEqual({ page });
  });

  it("refuses a file whose default export is not a migration, naming the file", async () => {
    const exports: Record<string, unknown>[] = [
      {},
      { default: null },
      { default: { blocks: null } },
      { default: { blocks: "page" } },
      { default: { default: null } },
      { blocks: { page } },
    ];
    for (const [index, module] of exports.entries()) {
      modules.set(url(`m/${index}.ts`), module);
      await expect(loadMigration(`${index}`, `m/${index}.ts`), JSON.stringify(module)).rejects.toThrow(
        `m/${index}.ts: the default export is not a migration (export default defineMigration({ … }))`,
      );
    }
  });

  it("refuses a block that is not a function, naming the file and the block", async () => {
    modules.set(url("m/c.ts"), { default: { blocks: { page, hero_section: { title: "x" } } } });
    await expect(loadMigration("c", "m/c.ts")).rejects.toThrow("m/c.ts: hero_section is not a function");
  });
});

describe("loadSchemaRules", () => {
  function generated(files: string[]): string {
    const dir = mkdtempSync(join(tmpdir(), "load-rules-"));
    dirs.push(dir);
    mkdirSync(dir, { recursive: true });
    for (const file of files) writeFileSync(join(dir, file), "");
    return dir;
  }

  it("reads validateBlok and RESOLVE_RELATIONS from the generated folder", async () => {
    const dir = generated(["validators.ts", "relations.ts"]);
    const validateBlok = () => [];
    modules.set(url(join(dir, "validators.ts")), { validateBlok });
    modules.set(url(join(dir, "relations.ts")), { RESOLVE_RELATIONS: ["project.related"] });
    expect(await loadSchemaRules(dir)).toEqual({ validateBlok, relationFields: ["project.related"] });
  });

  it("says to run codegen when either file is missing, before importing anything", async () => {
    for (const [present, missing] of [
      ["relations.ts", "validators.ts"],
      ["validators.ts", "relations.ts"],
    ] as const) {
      const dir = generated([present]);
      await expect(loadSchemaRules(dir)).rejects.toThrow(`${join(dir, missing)} is missing: run \`npm run codegen\``);
    }
    expect(imported).toEqual([]);
  });
});
