/**
 * Schema snapshots under migrations/<id>/schema/: the files the generator
 * read (the schema document or folder, and the side files it used, under
 * their plain names `relations.json`, `datasources.json`, `plugins.json`,
 * `languages.json`),
 * so a snapshot regenerates exactly the types it was taken with.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import {
  generate,
  modelChanges,
  type ComponentChange,
  type GeneratedFile,
  type GenerateResult,
  BadInput,
  isDirectory,
  readPluginTypes,
  readSchemaDocuments,
  readSideFile,
  SIDE_KINDS,
} from "storyblok-typed-codegen";

/** Snapshot file name → the file it is copied from. */
export function snapshotSources(flags: {
  schema: string;
  relations?: string;
  datasources?: string;
  plugins?: string;
  languages?: string;
}): Map<string, string> {
  const sources = new Map<string, string>();
  if (isDirectory(flags.schema)) {
    for (const name of readdirSync(flags.schema)
      .filter((name) => name.endsWith(".json"))
      .sort())
      sources.set(name, join(flags.schema, name));
  } else {
    sources.set(basename(flags.schema), flags.schema);
  }
  for (const kind of SIDE_KINDS) {
    const path = readSideFile(flags[kind], flags.schema, kind).path;
    if (path !== undefined) sources.set(`${kind}.json`, path);
  }
  return sources;
}

export function writeSnapshot(target: string, sources: ReadonlyMap<string, string>): void {
  mkdirSync(target, { recursive: true });
  for (const [name, source] of sources) copyFileSync(source, join(target, name));
}

/** The same files as they were at a git revision (`migrate baseline --from-git`); a side file the revision lacks is left out. */
export function writeSnapshotFromGit(target: string, sources: ReadonlyMap<string, string>, revision: string): void {
  mkdirSync(target, { recursive: true });
  for (const [name, source] of sources) {
    const spec = `${revision}:./${relative(process.cwd(), source).split("\\").join("/")}`;
    let text: string;
    try {
      text = execFileSync("git", ["show", spec], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      if (SIDE_KINDS.some((kind) => name === `${kind}.json`)) continue;
      throw new BadInput(`git show ${spec}: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`);
    }
    writeFileSync(join(target, name), text);
  }
}

/**
 * The generator's output for a snapshot, its files' headers naming it. Only compared
 * with (check, migrate new): whatever writes a file from it names its own command.
 */
export function generateSnapshot(snapshot: string): GenerateResult {
  const plugins = readSideFile(undefined, snapshot, "plugins");
  return generate({
    documents: readSchemaDocuments(snapshot),
    relations: readSideFile(undefined, snapshot, "relations").value,
    datasources: readSideFile(undefined, snapshot, "datasources").value,
    languages: readSideFile(undefined, snapshot, "languages").value,
    plugins: readPluginTypes(plugins.value, plugins.path ?? ""),
    schemaLabel: label(snapshot),
  });
}

/** What changed from a snapshot's content model to the one `after` was generated from, as `check` lists it. */
export function changesSinceSnapshot(snapshot: string, after: readonly GeneratedFile[]): ComponentChange[] {
  return modelChanges(generateSnapshot(snapshot).files, after);
}

/** A path as messages and file headers show it: relative to where the command runs, with forward slashes. */
export function label(path: string): string {
  return relative(process.cwd(), path).split("\\").join("/") || ".";
}
