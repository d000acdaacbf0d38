/**
 * A throwaway project for the migration tests: copies of schema/, content/,
 * migrations/ (the baseline), src/generated/ and tools/migrations/helpers/
 * (what a migration file imports), node_modules linked, in a git repository
 * of its own. The CLI runs as `npm run portfolio` runs it (node
 * bin/portfolio.js) with the project as its working folder.
 */
import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { cachedCompilerHost } from "../../../support/cached-compiler-host";
import { REPO } from "../../../support/repo-root";

const exec = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Storyblok components as schema/components.json holds them. */
export type RawComponent = { name: string; schema: Record<string, Record<string, unknown>> } & Record<string, unknown>;
export type RawSchema = { components: RawComponent[]; component_groups: { name: string; uuid: string }[] };

export class Project {
  readonly root = mkdtempSync(join(tmpdir(), "migrate-project-"));
  /**
   * The last check's program: the next check of this project reuses it while the migrations are the same files. The libraries
   * under node_modules (the standard library, @types/node) are parsed once for every project of a test file (cachedCompilerHost).
   */
  private program: ts.Program | undefined;

  constructor() {
    for (const path of ["schema", "content", "migrations", "src/generated", "tools/migrations/helpers"])
      cpSync(join(REPO, path), join(this.root, path), { recursive: true });
    symlinkSync(join(REPO, "node_modules"), join(this.root, "node_modules"), "dir");
    writeFileSync(join(this.root, "package.json"), '{ "type": "module", "private": true }\n');
    writeFileSync(join(this.root, ".gitignore"), "node_modules\n**/.migrations/last-run.json\n.next\n*.tsbuildinfo\n");
    this.git("init", "-q");
    this.commit("the repository's content and schema");
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  async portfolio(...args: string[]): Promise<CliResult> {
    return this.portfolioWith({}, ...args);
  }

  /** The CLI with more environment (PORTFOLIO_CRASH_AT); `signal` when it was killed. */
  async portfolioWith(env: Record<string, string>, ...args: string[]): Promise<CliResult & { signal?: string }> {
    try {
      const { stdout, stderr } = await exec(process.execPath, [join(REPO, "bin/portfolio.js"), ...args], {
        cwd: this.root,
        env: { ...process.env, ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string; signal?: string | null };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr, ...(failed.signal ? { signal: failed.signal } : {}) };
    }
  }

  git(...args: string[]): string {
    return execFileSync("git", args, {
      cwd: this.root,
      encoding: "utf8",
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@example.com",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@example.com",
      },
    });
  }

  commit(message: string): void {
    this.git("add", "-A");
    this.git("commit", "-q", "--allow-empty", "-m", message);
  }

  read(path: string): string {
    return readFileSync(join(this.root, path), "utf8");
  }

  write(path: string, text: string): void {
    mkdirSync(join(this.root, path, ".."), { recursive: true });
    writeFileSync(join(this.root, path), text);
  }

  story(file: string): { content: Record<string, unknown> } & Record<string, unknown> {
    return JSON.parse(this.read(join("content", file))) as { content: Record<string, unknown> };
  }

  /** Edits schema/components.json as a developer would in the editor or by hand. */
  editSchema(edit: (components: Map<string, RawComponent>, schema: RawSchema) => void): void {
    const schema = JSON.parse(this.read("schema/components.json")) as RawSchema;
    const components = new Map(schema.components.map((component) => [component.name, component]));
    edit(components, schema);
    this.write("schema/components.json", `${JSON.stringify(schema, null, 2)}\n`);
  }

  /** The newest migration's id (`<timestamp>-<name>`) with this name. */
  migrationId(name: string): string {
    const id = readdirSync(join(this.root, "migrations"))
      .filter((entry) => entry.endsWith(`-${name}.ts`))
      .sort()
      .at(-1);
    if (id === undefined) throw new Error(`no migration named ${name}`);
    return id.slice(0, -3);
  }

  /** The line that opens a block's function in the scaffold as generated, e.g. `  hero_section(block: …): After.HeroSectionBlok {`. */
  signature(id: string, block: string): string {
    const line = this.read(join("migrations", `${id}.ts`))
      .split("\n")
      .find((text) => text.startsWith(`  ${block}(block: `));
    if (line === undefined) throw new Error(`${id} has no function for ${block}`);
    return line;
  }

  /**
   * The scaffold filled in as a developer would: its header and type imports
   * kept, the helpers' import and the functions replaced.
   */
  fill(id: string, helpers: string[], functions: string): void {
    const path = join("migrations", `${id}.ts`);
    const scaffold = this.read(path);
    const imports = scaffold.slice(0, scaffold.indexOf("export default"));
    const filled = imports.replace(
      /^import \{[^}]*\} from "(\.\.\/tools\/migrations\/helpers)";$/m,
      `import { ${["defineMigration", ...helpers].join(", ")} } from "$1";`,
    );
    this.write(path, `${filled}export default defineMigration<Before.BlokByComponent, After.BlokByComponent>({\n${functions}\n});\n`);
  }

  /** tsc's diagnostics (file:line: message) for the migration files and everything they import, under the project's strictness. */
  typeCheck(): string[] {
    const roots = readdirSync(join(this.root, "migrations"))
      .filter((entry) => entry.endsWith(".ts"))
      .map((entry) => join(this.root, "migrations", entry));
    const program = ts.createProgram({
      rootNames: roots,
      options: COMPILER_OPTIONS,
      host: cachedCompilerHost(COMPILER_OPTIONS),
      oldProgram: this.program,
    });
    this.program = program;
    return diagnosticLines(this.root, ts.getPreEmitDiagnostics(program));
  }

  /** Every file under `folder` (hidden ones too) → its bytes, to compare a folder byte for byte. */
  files(folder: string): Map<string, string> {
    const found = new Map<string, string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else found.set(relative(this.root, path), readFileSync(path).toString("base64"));
      }
    };
    walk(join(this.root, folder));
    return found;
  }
}

/** Diagnostics as `file:line: message`, the file relative to `root`. */
function diagnosticLines(root: string, diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (!diagnostic.file || diagnostic.start === undefined) return text;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${relative(root, diagnostic.file.fileName)}:${line + 1}: ${text}`;
  });
}

/** tsconfig.json's strictness, as `npx tsc --noEmit -p tsconfig.json` checks migrations/ in the repository. */
export const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  noFallthroughCasesInSwitch: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  isolatedModules: true,
  esModuleInterop: true,
  types: ["node"],
};
