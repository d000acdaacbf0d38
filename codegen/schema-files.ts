import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { readLanguagesFile } from "./normalise/languages.js";

/** A problem with the files given (unreadable, not JSON, wrong shape): the command says what and exits 2. */
export class BadInput extends Error {}

export function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** The files read beside a schema, never as part of it. */
export const SIDE_KINDS = ["relations", "datasources", "plugins", "languages"] as const;
export type SideKind = (typeof SIDE_KINDS)[number];

/** relations.json, datasources.json, plugins.json, languages.json and `<name>.<kind>.json`. */
const SIDE_FILE = new RegExp(`(^|\\.)(${SIDE_KINDS.join("|")})\\.json$`);

/**
 * The Storyblok CLI's `components pull` layout: `.storyblok/components/<space>/components.json`,
 * with the space's component groups beside it in `groups.json` (presets.json and tags.json
 * there do not change a type: each component lists its own presets).
 */
const CLI_LAYOUT = /(^|[\\/])\.storyblok[\\/]components[\\/]([^\\/]+)[\\/]components\.json$/;

/** A single file (with its CLI-layout groups.json), or every *.json in a directory (the CLI v4 layout) except the side files. */
export function readSchemaDocuments(schema: string): unknown[] {
  if (!isDirectory(schema)) {
    const groups = join(dirname(schema), "groups.json");
    return CLI_LAYOUT.test(schema) && existsSync(groups) ? [readJson(schema), readJson(groups)] : [readJson(schema)];
  }
  return readdirSync(schema)
    .filter((name) => name.endsWith(".json") && !isSideFile(name))
    .sort()
    .map((name) => readJson(join(schema, name)));
}

/** Whether a file name is a side file's (`languages.json`, `shop.relations.json`), which a schema folder's documents never are. */
export function isSideFile(name: string): boolean {
  return SIDE_FILE.test(name);
}

/**
 * Where a side file (`datasources`, `relations`, `plugins`, `languages`) is looked for when
 * no flag names it, first match wins: for `x/shop.components.json`,
 * `x/shop.datasources.json`, then `x/shop.components.datasources.json`, then
 * `x/datasources.json`; for a directory, `datasources.json` inside it.
 */
export function sideFileCandidates(schema: string, kind: SideKind): string[] {
  if (isDirectory(schema)) return [join(schema, `${kind}.json`)];
  const dir = dirname(schema);
  const name = basename(schema);
  const stems = [name.replace(/\.components\.json$/, ""), name.replace(/\.json$/, "")].filter((stem) => stem !== name);
  // The CLI pulls datasources apart from components: .storyblok/datasources/<space>/datasources.json.
  const space = CLI_LAYOUT.exec(schema)?.[2];
  // `languages pull` names its file after the space unless told otherwise: .storyblok/languages/<space>/languages.<space>.json.
  const cliNames = kind === "languages" ? [`${kind}.json`, `${kind}.${space}.json`] : [`${kind}.json`];
  const cli = space === undefined ? [] : cliNames.map((name) => join(dir, "..", "..", kind, space, name));
  return [...new Set([...stems.map((stem) => join(dir, `${stem}.${kind}.json`)), join(dir, `${kind}.json`), ...cli])];
}

/** An explicit path must exist; the defaults beside the schema are optional. Returns the JSON and the path it came from. */
export function readSideFile(explicit: string | undefined, schema: string, kind: SideKind): { value: unknown; path?: string } {
  if (explicit !== undefined) return { value: readJson(explicit), path: explicit };
  const path = sideFileCandidates(schema, kind).find((candidate) => existsSync(candidate));
  return path === undefined ? { value: undefined } : { value: readJson(path), path };
}

/** `{"my-plugin": "{ color: string }"}`: plugin `field_type` → the TypeScript type of its value. */
export function readPluginTypes(raw: unknown, path: string): Record<string, string> {
  if (raw === undefined) return {};
  const entries = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? Object.entries(raw) : undefined;
  if (entries === undefined || entries.some(([, type]) => typeof type !== "string")) {
    throw new BadInput(`${path}: expected an object mapping plugin names to TypeScript types (strings)`);
  }
  return Object.fromEntries(entries as [string, string][]);
}

/** The languages file's JSON, checked: a malformed one is bad input naming the file and the problem. */
export function readLanguages(raw: unknown, path: string | undefined): unknown {
  if (raw === undefined || path === undefined) return raw;
  const read = readLanguagesFile(raw);
  if ("problem" in read) throw new BadInput(`${path}: ${read.problem}`);
  return raw;
}

export function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new BadInput(`${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new BadInput(`${path}: not valid JSON (${(error as Error).message})`);
  }
}
