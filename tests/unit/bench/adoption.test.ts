/**
 * The adoption bench's own parts (bench/adoption/): the shim that is its one
 * mechanical edit, compiled by tsc against our generator's real output; tsc's
 * output as the bench reads it; and the classification's keys. The bench
 * itself needs the projects' checkouts and runs only under `npm run bench`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLASSES, classify, fingerprint, readClassification } from "../../../bench/adoption/classification";
import { generate } from "../../../bench/adoption/generators";
import { shimSource } from "../../../bench/adoption/shim";
import { parseDiagnostics } from "../../../bench/adoption/tsc";
import { REPO } from "../../support/repo-root";

const work = mkdtempSync(join(tmpdir(), "adoption-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project's own module as storyblok-generate-ts writes it, after the project's formatter (single quotes). */
const OWN_MODULE = `import { StoryblokStory } from 'storyblok-generate-ts';

export interface TeaserStoryblok {
  headline?: string;
  _uid: string;
  component: 'teaser';
  [k: string]: any;
}

export interface AssetStoryblok {
  filename: string;
  [k: string]: any;
}

export interface RetiredStoryblok {
  _uid: string;
  component: "retired";
  [k: string]: any;
}
`;

describe("the shim", () => {
  it("exports the project's names from our output, and the renderer compiles against it or fails where the types differ", () => {
    const schema = join(REPO, "tests/fixtures/adoption-patterns/storyblok-init/components.json");
    const generated = generate("ours", schema, join(work, "gen"));
    const shim = shimSource(OWN_MODULE, generated, "./gen/index");
    expect(shim.unmapped).toEqual(["RetiredStoryblok"]);
    expect(shim.source).toContain("export type TeaserStoryblok = G.TeaserBlok;");
    expect(shim.source).toContain("export type AssetStoryblok = G.StoryblokAsset;");

    writeFileSync(join(work, "types.d.ts"), shim.source);
    writeFileSync(
      join(work, "teaser.ts"),
      [
        'import type { AssetStoryblok, TeaserStoryblok } from "./types";',
        "export const headline = (blok: TeaserStoryblok): string => blok.headline ?? blok._uid;",
        "export const file = (asset: AssetStoryblok): string => asset.filename;",
        "export const image = (blok: TeaserStoryblok) => blok.image;",
      ].join("\n"),
    );
    // The repository's packages: react's types (the registry's) and storyblok-generate-ts (the own module's import).
    symlinkSync(join(REPO, "node_modules"), join(work, "node_modules"), "dir");
    const compilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: "esnext",
      moduleResolution: "bundler",
      target: "es2022",
      types: [],
    };
    writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["teaser.ts"] }));
    const tsc = spawnSync(process.execPath, [join(REPO, "node_modules/typescript/bin/tsc"), "-p", ".", "--pretty", "false"], {
      cwd: work,
      encoding: "utf8",
    });
    // Only the block's missing field fails: the names resolved to our types (an `any` shim would accept it).
    expect(parseDiagnostics(tsc.stdout).map((d) => `${d.file}(${d.line}) ${d.code}`)).toEqual(["teaser.ts(4) TS2339"]);
  });
});

describe("tsc's output", () => {
  it("is read as located and global diagnostics, each with its elaboration", () => {
    const output = [
      "app/Card.tsx(5,11): error TS2339: Property 'headline' does not exist on type 'ProductBlok'.",
      "app/Slide.tsx(14,49): error TS2322: Type 'string | null' is not assignable to type 'string | undefined'.",
      "  Type 'null' is not assignable to type 'string | undefined'.",
      "error TS5083: Cannot read file 'tsconfig.json'.",
    ].join("\n");
    const diagnostics = parseDiagnostics(output);
    expect(diagnostics.map((d) => [d.file, d.line, d.column, d.code])).toEqual([
      ["app/Card.tsx", 5, 11, "TS2339"],
      ["app/Slide.tsx", 14, 49, "TS2322"],
      ["", 0, 0, "TS5083"],
    ]);
    expect(diagnostics[1]!.detail).toBe("Type 'null' is not assignable to type 'string | undefined'.\n");
  });
});

describe("the classification", () => {
  const error = { file: "app/Card.tsx", line: 5, column: 11, code: "TS2339", detail: "" };

  it("keys a message by its shape, not by how a generator names its types", () => {
    expect(fingerprint("Property 'headline' does not exist on type 'ProductBlok'.")).toBe(
      fingerprint("Property 'headline' does not exist on type 'ProductStoryblok'."),
    );
    expect(fingerprint("Property 'x' does not exist on type 'A'.")).not.toBe(fingerprint("'x' is possibly 'undefined'."));
  });

  it("finds an entry only while its fingerprint matches, preferring one for the generator", () => {
    const message = "Property 'headline' does not exist on type 'ProductBlok'.";
    const base = { project: "p", ...error, fingerprint: fingerprint(message), message };
    const entries = [
      { ...base, class: "real" as const, reason: "any generator" },
      { ...base, class: "false" as const, reason: "cli only", generators: ["cli" as const] },
    ];
    expect(classify(entries, "p", "ours", { ...error, message })?.reason).toBe("any generator");
    expect(classify(entries, "p", "cli", { ...error, message })?.reason).toBe("cli only");
    expect(classify(entries, "p", "ours", { ...error, message: "'headline' is possibly 'undefined'." })).toBeUndefined();
    expect(classify(entries, "other", "ours", { ...error, message })).toBeUndefined();
  });

  it("as committed, has one class, a reason and a fingerprint of its own message per entry, and no key twice", () => {
    const entries = readClassification();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(CLASSES).toContain(entry.class);
      expect(entry.reason.length).toBeGreaterThan(0);
      expect(entry.fingerprint).toBe(fingerprint(entry.message));
    }
    const keys = entries.map((e) => [e.project, e.file, e.line, e.column, e.code, e.fingerprint, e.generators?.join() ?? ""].join("|"));
    expect(new Set(keys).size).toBe(keys.length);
    expect(JSON.parse(readFileSync(join(REPO, "bench/adoption/classification.json"), "utf8"))).toHaveProperty("entries");
  });
});
