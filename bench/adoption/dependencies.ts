/**
 * The packages a project's renderers are checked against (TypeScript, the
 * @storyblok/* SDK, React's types, …), at its lockfile's versions, installed
 * from the npm registry into `<projects>/.deps/<name>/` once: a folder whose
 * `installed.json` lists the same packages is reused.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AdoptionProject } from "./projects";

export function installDependencies(projectsDir: string, project: AdoptionProject): string {
  const dir = join(projectsDir, ".deps", project.name);
  const marker = join(dir, "installed.json");
  const wanted = JSON.stringify(project.packages, null, 2);
  if (existsSync(marker) && readFileSync(marker, "utf8") === wanted) return join(dir, "node_modules");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), '{ "private": true }\n');
  const specs = Object.entries(project.packages).map(([name, version]) => `${name}@${version}`);
  // No scripts (nothing here runs), no optional binaries (next's compilers), and no peers beyond the
  // ones listed: only the types the renderers see, at the lockfile's versions.
  const args = ["install", "--no-save", "--ignore-scripts", "--omit=optional", "--legacy-peer-deps", "--no-audit", "--no-fund", ...specs];
  const npm = spawnSync("npm", args, { cwd: dir, encoding: "utf8" });
  if (npm.status !== 0) throw new Error(`adoption: npm install for ${project.name} failed:\n${npm.stderr}`);
  writeFileSync(marker, wanted);
  return join(dir, "node_modules");
}
