import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { BadInput, readJson } from "../schema-files.js";

/** Where the settings live: a file of their own, else a key of package.json. */
export const CONFIG_FILE = "storyblok-typed-codegen.json";
export const PACKAGE_KEY = "storyblok-typed-codegen";

/** Every setting a flag can also give; a flag wins over the config. */
export interface Config {
  /** components.json: ours, the Management API's, or the Storyblok CLI's `.storyblok/components/<space>/components.json`. */
  schema?: string;
  /** The folder the generated files go to. */
  out?: string;
  /** The renderers' folder `scaffold` writes to. */
  dir?: string;
  /** The command the generated header names, e.g. `npm run codegen`. */
  command?: string;
  relations?: string;
  datasources?: string;
  plugins?: string;
  /** The space's languages file (default: languages.json beside the schema). */
  languages?: string;
  /** The default language's locale code, `en` unless set (Storyblok gives the default language none). */
  defaultLocale?: string;
  strict?: boolean;
}

const STRINGS = ["schema", "out", "dir", "command", "relations", "datasources", "plugins", "languages", "defaultLocale"] as const;

/** The project's settings from `cwd`; a malformed config is bad input, never ignored. */
export function loadConfig(cwd: string): { config: Config; source?: string } {
  const file = join(cwd, CONFIG_FILE);
  if (existsSync(file)) return { config: checked(readJson(file), file), source: file };
  const pkg = join(cwd, "package.json");
  if (!existsSync(pkg)) return { config: {} };
  const manifest = readJson(pkg);
  const value = typeof manifest === "object" && manifest !== null ? (manifest as Record<string, unknown>)[PACKAGE_KEY] : undefined;
  return value === undefined ? { config: {} } : { config: checked(value, `${pkg} ("${PACKAGE_KEY}")`), source: pkg };
}

function checked(value: unknown, where: string): Config {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new BadInput(`${where}: expected an object of settings`);
  const entries = Object.entries(value);
  for (const [key, setting] of entries) {
    if ((STRINGS as readonly string[]).includes(key)) {
      if (typeof setting !== "string" || setting === "") throw new BadInput(`${where}: "${key}" must be a non-empty string`);
    } else if (key === "strict") {
      if (typeof setting !== "boolean") throw new BadInput(`${where}: "strict" must be true or false`);
    } else {
      throw new BadInput(`${where}: unknown setting "${key}"; the settings are ${[...STRINGS, "strict"].join(", ")}`);
    }
  }
  return value;
}

/**
 * The schema when neither flag nor config names one: the Storyblok CLI's
 * pull, when exactly one space was pulled into `.storyblok/components/`.
 */
export function detectSchema(cwd: string): string | undefined {
  const root = join(cwd, ".storyblok", "components");
  if (!existsSync(root)) return undefined;
  const found = readdirSync(root)
    .map((space) => join(".storyblok", "components", space, "components.json"))
    .filter((path) => existsSync(join(cwd, path)));
  return found.length === 1 ? found[0] : undefined;
}
