import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import type { ImportExtension } from "../emit/import-extension.js";
import { BadInput } from "../schema-files.js";

/** The config's and the flag's values: `auto` (the default) reads the tsconfig.json that governs --out. */
const IMPORT_EXTENSIONS = ["auto", "none", "js"] as const;
export type ImportExtensionSetting = (typeof IMPORT_EXTENSIONS)[number];

/**
 * How relative imports in the files written into `folder` must end for the project's
 * TypeScript: `.js` when the nearest tsconfig.json above it resolves modules as `node16` or
 * `nodenext` (which require it), bare otherwise (bundlers, where Next.js cannot follow `.js`
 * to a `.ts` file). The tsconfig is read as tsc reads it, `extends` included, by the
 * TypeScript that ts-morph brings; loaded only when there is one.
 */
export function importExtensionFor(folder: string, setting: ImportExtensionSetting = "auto"): ImportExtension {
  if (setting === "none") return "";
  if (setting === "js") return ".js";
  const config = nearestTsconfig(resolve(folder));
  if (config === undefined) return "";
  // Most tsconfigs extend nothing: read those directly, since loading TypeScript costs about a second.
  const own = readPlainTsconfig(config);
  if (own !== undefined) return nodeResolution(own.module, own.moduleResolution) ? ".js" : "";
  // Synchronously, as generate runs (watch, check); ts-morph is CommonJS.
  const { ts } = createRequire(import.meta.url)("ts-morph") as typeof import("ts-morph");
  const read = ts.readConfigFile(config, (path) => ts.sys.readFile(path));
  if (read.error !== undefined)
    throw new BadInput(
      `${config}: cannot read it (${ts.flattenDiagnosticMessageText(read.error.messageText, " ")}); or set "importExtension"`,
    );
  const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(config), undefined, config);
  const { Node16, NodeNext } = ts.ModuleResolutionKind;
  // Unset, moduleResolution follows module: node16, node18, node20 and nodenext each imply their own.
  const nodeModule = options.module !== undefined && options.module >= ts.ModuleKind.Node16 && options.module <= ts.ModuleKind.NodeNext;
  const resolution = options.moduleResolution ?? (nodeModule ? NodeNext : undefined);
  return resolution === Node16 || resolution === NodeNext ? ".js" : "";
}

/** The setting as given (flag or config), checked. */
export function importExtensionSetting(value: string | undefined, where: string): ImportExtensionSetting {
  if (value === undefined) return "auto";
  if ((IMPORT_EXTENSIONS as readonly string[]).includes(value)) return value as ImportExtensionSetting;
  throw new BadInput(`${where}: "${value}" is not one of ${IMPORT_EXTENSIONS.join(", ")}`);
}

function nearestTsconfig(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "tsconfig.json");
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** node16/nodenext resolution, named or implied by `module` (node16, node18, node20, nodenext). */
function nodeResolution(module: unknown, moduleResolution: unknown): boolean {
  const named = typeof moduleResolution === "string" ? moduleResolution.toLowerCase() : undefined;
  if (named !== undefined) return named === "node16" || named === "nodenext";
  return typeof module === "string" && /^node(16|18|20|next)$/i.test(module);
}

/**
 * A tsconfig's own module settings when it extends nothing (undefined otherwise, or when it
 * is not plain JSON with comments and trailing commas): tsc's reading of it, without tsc.
 */
function readPlainTsconfig(path: string): { module?: unknown; moduleResolution?: unknown } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(withoutComments(readFileSync(path, "utf8")));
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || "extends" in parsed) return undefined;
  const options: unknown = Reflect.get(parsed, "compilerOptions");
  if (options === undefined) return {};
  if (typeof options !== "object" || options === null) return undefined;
  return { module: Reflect.get(options, "module"), moduleResolution: Reflect.get(options, "moduleResolution") };
}

/** JSON text without `//` and `/* *\/` comments and trailing commas, strings untouched. */
function withoutComments(text: string): string {
  return text
    .replace(/"(?:[^"\\\n]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (match) => (match.startsWith('"') ? match : ""))
    .replace(/"(?:[^"\\\n]|\\.)*"|,(\s*[}\]])/g, (match, closing: string | undefined) => (closing === undefined ? match : closing));
}
