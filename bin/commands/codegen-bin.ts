/**
 * The generator package's own bin, run as a child process: the portfolio's
 * `generate` and `check` use the package as any project that installed it
 * does. In this checkout the package is a workspace whose compiled dist/ is
 * built by the root's `prepare` script (npm ci; the package itself has no install-time
 * script, only `prepack`); a source edited since is rebuilt
 * here first, so the bin never runs code older than codegen/.
 */
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const PACKAGE = "storyblok-typed-codegen";

function packageDir(): string {
  return dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
}

/** The newest modification time of the package's TypeScript sources (dist and node_modules aside). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "dist" || entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function builtAt(bin: string): number {
  try {
    return statSync(bin).mtimeMs;
  } catch {
    return -1;
  }
}

/** The bin's path, rebuilt first when a source is newer; undefined when the build failed (and said why). */
function freshBin(): string | undefined {
  const dir = packageDir();
  const bin = join(dir, "dist", "cli", "bin.js");
  if (builtAt(bin) >= newestSource(dir)) return bin;
  const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: dir, stdio: ["ignore", "inherit", "inherit"] });
  if (build.status === 0) return bin;
  console.error(`${PACKAGE}: its build failed (npm run build in ${dir}).`);
  return undefined;
}

/** Runs `storyblok-typed-codegen <args>` with this process's stdio; returns its exit code. */
export function runCodegenBin(args: readonly string[]): number {
  const bin = freshBin();
  if (bin === undefined) return 1;
  return spawnSync(process.execPath, [bin, ...args], { stdio: "inherit" }).status ?? 1;
}

/**
 * The same for a command that runs until stopped (`watch`): a signal that
 * stops this process is passed on, so the bin never outlives it.
 */
export function runLongCodegenBin(args: readonly string[]): Promise<number> {
  const bin = freshBin();
  if (bin === undefined) return Promise.resolve(1);
  const child = spawn(process.execPath, [bin, ...args], { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}
