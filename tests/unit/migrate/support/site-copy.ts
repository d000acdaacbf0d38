/**
 * The site itself in a migration test's Project, after the migrations ran:
 * what a developer does next (`tsc`, fix what it names, `next build`), on the
 * project's own schema, generated code and migrated content.
 *
 * The site's source is copied in as a clone holds it (tracked and
 * not-ignored files: src/ without src/generated, which the project already has,
 * public/, and the CLI's bin/, tools/ (without the migration helpers, also the
 * project's own) and codegen/, and the root configuration) and committed, so a patch applies to it with `git apply`.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, readlinkSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { NATIVE_TSC } from "../../../support/native-tsc";
import { REPO } from "../../../support/repo-root";
import type { Project } from "./project";

const exec = promisify(execFile);

const SITE_PATHS = ["src", "public", "bin", "tools", "codegen", "next.config.ts", "next-env.d.ts", "tsconfig.json"];
/** Already in the project: regenerated from its schema, and what its migrations import. */
const PROJECT_OWNED = ["src/generated/", "tools/migrations/helpers/"];

export function copySite(project: Project): void {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", ...SITE_PATHS], {
    cwd: REPO,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file !== "" && !PROJECT_OWNED.some((owned) => file.startsWith(owned)));
  for (const file of files) {
    const target = join(project.root, file);
    mkdirSync(dirname(target), { recursive: true });
    const source = join(REPO, file);
    // A file deleted in the working tree but not yet from the index is not part of the site.
    if (!existsSync(source) && !isSymlink(source)) continue;
    // public/assets is a link to content/assets: kept a link, now to the project's own content.
    // Made by hand: Node 24's cpSync follows a link to a folder and, without `recursive`, refuses it.
    if (isSymlink(source)) symlinkSync(readlinkSync(source), target);
    else cpSync(source, target);
  }
  project.commit("the site's source");
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** `git apply` of a patch from the repository (a path relative to it): fails loudly when it no longer applies. */
export function applyPatch(project: Project, patch: string): void {
  project.git("apply", "--whitespace=nowarn", join(REPO, patch));
}

/**
 * `npm run typecheck` in the project: tsc over the whole project with its tsconfig.json, `file:line: message`, one per
 * error. Incremental as tsconfig.json asks (its .tsbuildinfo is git-ignored in the project): a second check re-checks
 * only the files that changed since the first and those whose imports' types changed.
 */
export function siteTypeErrors(project: Project): string[] {
  const run = spawnSync(process.execPath, [NATIVE_TSC, "--noEmit", "--pretty", "false", "-p", "tsconfig.json"], {
    cwd: project.root,
    encoding: "utf8",
    maxBuffer: 32 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  const lines: string[] = [];
  for (const line of run.stdout.split("\n")) {
    if (line.trim() === "") continue;
    // A message's further lines are indented under it.
    if (/^\s/.test(line) && lines.length > 0) lines[lines.length - 1] += `\n${line.trim()}`;
    else lines.push(line.replace(/^(.+?)\((\d+),\d+\): error TS\d+: /, "$1:$2: "));
  }
  // tsc says nothing and exits 0 when the project type-checks; anything else (a crash, a bad tsconfig) is an error too.
  if (run.status !== 0 && lines.length === 0) throw new Error(`tsc exited ${run.status}: ${run.stderr}`);
  return lines;
}

/** The embedded content (the migrated content/), whatever the shell running the tests has set. */
export const SITE_ENV = {
  CONTENT_SOURCE: "local",
  NEXT_DIST_DIR: ".next",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_PUBLIC_SITE_URL: "https://elena-varga.example",
};

/**
 * `next build` (webpack, as `npm run build`) in the project. Not type-checked
 * again: the test has just run tsc over the same files.
 */
export async function buildSite(project: Project): Promise<void> {
  try {
    await exec(process.execPath, [join(project.root, "node_modules/next/dist/bin/next"), "build", "--webpack"], {
      cwd: project.root,
      env: { ...process.env, ...SITE_ENV, NEXT_SKIP_TYPECHECK: "1" },
      maxBuffer: 32 * 1024 * 1024,
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`next build failed in ${project.root}:\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}`);
  }
}
