import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { BadInput, readJson } from "../schema-files.js";

/** Where the settings live: a file of their own, else a key of package.json. */
const CONFIG_FILE = "storyblok-typed-codegen.json";
const PACKAGE_KEY = "storyblok-typed-codegen";

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
  /** relations.json's path, or the relations themselves: what the project's requests send as `resolve_relations`. */
  relations?: string | string[];
  /** What the project's requests send as `resolve_links` (`story`, `url` or `link`). */
  resolveLinks?: string;
  /** Nestable blocks a parent renders itself: the registry demands no renderer for them. */
  inline?: string[];
  datasources?: string;
  plugins?: string;
  /** The space's languages file (default: languages.json beside the schema). */
  languages?: string;
  /** The default language's locale code, `en` unless set (Storyblok gives the default language none). */
  defaultLocale?: string;
  strict?: boolean;
  /** How relative imports in written files end: `auto` (default: `.js` when the tsconfig governing them resolves as node16/nodenext), `none` or `js`. */
  importExtension?: string;
  /**
   * Modules of the project's own that scaffolded renderers import instead of the scaffold's
   * copies: `path` or `path#export`, the path from the project's folder. The keys are the
   * helpers: `editable` (the Visual Editor's attributes), `linkHref` (a multilink's href),
   * `RichText` and `Blocks` (nested blocks through the registry).
   */
  helpers?: HelperModules;
}

/** Scaffold helpers by name: where the project's own is, e.g. `src/preview/editable.ts#editableAttributes`. */
export type HelperModules = Partial<Record<(typeof HELPER_NAMES)[number], string>>;
const HELPER_NAMES = ["editable", "linkHref", "RichText", "Blocks"] as const;

const STRINGS = [
  "schema",
  "out",
  "dir",
  "command",
  "resolveLinks",
  "datasources",
  "plugins",
  "languages",
  "defaultLocale",
  "importExtension",
] as const;
/** Settings that are a list of names; `relations` may also be relations.json's path. */
const LISTS = ["relations", "inline"] as const;

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
    } else if ((LISTS as readonly string[]).includes(key)) {
      const list = Array.isArray(setting) && setting.every((name) => typeof name === "string" && name !== "");
      if (!list && !(key === "relations" && typeof setting === "string" && setting !== ""))
        throw new BadInput(
          `${where}: "${key}" must be a list of names${key === "relations" ? " (block.field) or the path of relations.json" : ""}`,
        );
    } else if (key === "strict") {
      if (typeof setting !== "boolean") throw new BadInput(`${where}: "strict" must be true or false`);
    } else if (key === "helpers") {
      checkHelpers(setting, where);
    } else {
      throw new BadInput(`${where}: unknown setting "${key}"; the settings are ${[...STRINGS, ...LISTS, "strict", "helpers"].join(", ")}`);
    }
  }
  return value;
}

function checkHelpers(value: unknown, where: string): void {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new BadInput(`${where}: "helpers" must be an object of module paths by helper (${HELPER_NAMES.join(", ")})`);
  for (const [name, path] of Object.entries(value)) {
    if (!(HELPER_NAMES as readonly string[]).includes(name))
      throw new BadInput(`${where}: "helpers" has no helper "${name}"; the helpers are ${HELPER_NAMES.join(", ")}`);
    if (typeof path !== "string" || path === "" || path.startsWith("#"))
      throw new BadInput(`${where}: "helpers"."${name}" must be a module path, e.g. "src/lib/${name}.ts" or "src/lib/x.ts#${name}"`);
  }
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
