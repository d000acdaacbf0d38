/**
 * Running the generator package as a user's project does: child processes
 * in a temporary folder, with npm's own variables of the run that started
 * the tests left out (an `npm test` would otherwise hand its workspace and
 * prefix settings to the projects' installs).
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { REPO } from "../support/repo-root";

export { REPO };
const SCHEMAS = join(REPO, "tests/fixtures/schemas");

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_"))) as NodeJS.ProcessEnv;

export function run(command: string, args: readonly string[], cwd: string, extraEnv: Record<string, string> = {}): Promise<Ran> {
  const started = performance.now();
  return new Promise((done) => {
    const options = {
      cwd,
      env: { ...env, NEXT_TELEMETRY_DISABLED: "1", ...extraEnv },
      encoding: "utf8" as const,
      maxBuffer: 64 * 1024 * 1024,
    };
    execFile(command, args, options, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
      done({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** `run`, failing with the output when the command does. */
export async function ok(command: string, args: readonly string[], cwd: string, extraEnv?: Record<string, string>): Promise<Ran> {
  const result = await run(command, args, cwd, extraEnv);
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(" ")} (in ${cwd}) exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
}

export function copySchema(name: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  cpSync(join(SCHEMAS, name), to);
}

/** The versions this repository's lock file pins, so the installs are served from npm's cache. */
export function pinned(name: string): string {
  const lock = JSON.parse(readFileSync(join(REPO, "package-lock.json"), "utf8")) as { packages: Record<string, { version?: string }> };
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (version === undefined) throw new Error(`package-lock.json pins no ${name}`);
  return `${name}@${version}`;
}

/** A tsconfig as strict as this repository's own, for a project of generated and scaffolded code. */
export const STRICT_TSCONFIG = JSON.stringify(
  {
    compilerOptions: {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      skipLibCheck: true,
      target: "ES2022",
      lib: ["dom", "ES2022"],
      module: "esnext",
      moduleResolution: "bundler",
      jsx: "react-jsx",
      isolatedModules: true,
      types: [],
    },
    include: ["src"],
  },
  null,
  2,
);
