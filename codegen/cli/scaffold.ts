import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { RegistryError, scaffoldRenderers, type Helper, type HelperImport } from "../scaffold/index.js";
import { EXIT } from "../exit-codes.js";
import { BadInput, readSchemaDocuments, readSideFile } from "../schema-files.js";
import { detectSchema, loadConfig, type HelperModules } from "./config.js";
import { importExtensionFor, importExtensionSetting } from "./import-style.js";
import { recordedSchema } from "./recorded-schema.js";

export interface ScaffoldFlags {
  schema: string;
  out: string;
  dir: string;
  relations?: string;
  /** The config's relations list, resolveLinks and inline: the renderers must match the types generated with them. */
  relationNames?: string[];
  resolveLinks?: string;
  inline?: string[];
  datasources?: string;
  blocks?: string[];
  /** The project's own helpers by name, `path` or `path#export` from the current folder (config `helpers`). */
  helpers?: HelperModules;
  /** `auto`, `none` or `js` (config `importExtension`). */
  importExtension?: string;
}

/** What commander parsed for `scaffold`. */
export interface ParsedScaffoldFlags {
  schema?: string;
  out?: string;
  dir?: string;
  block?: string[];
}

/**
 * The flags over the config. The schema is the one --out was generated from, as its header
 * records it: a --schema (or the config's "schema") that names another is refused, since
 * renderers written from it would not match the types they import. `cwd` is where the config
 * is read; paths stay relative to the process's folder, as every command's do.
 */
export function resolveScaffoldFlags(parsed: ParsedScaffoldFlags, cwd = process.cwd()): ScaffoldFlags {
  const { config } = loadConfig(cwd);
  const out = parsed.out ?? config.out;
  if (out === undefined) throw new BadInput(`no generated folder: pass --out DIR, or set "out" in the config`);
  const dir = parsed.dir ?? config.dir;
  if (dir === undefined) throw new BadInput(`no renderers' folder: pass --dir DIR, or set "dir" in the config`);
  const stated = parsed.schema ?? config.schema;
  const recorded = recordedSchema(out);
  if (stated !== undefined && recorded !== undefined && resolve(stated) !== recorded.path) {
    const source = parsed.schema === undefined ? `the config's "schema" ${stated}` : `--schema ${stated}`;
    throw new BadInput(
      `${source} is not the schema ${out} was generated from (${relative(process.cwd(), recorded.path) || recorded.path}): generate ${out} from it first, or leave it out`,
    );
  }
  const schema = stated ?? (recorded === undefined ? detectSchema(cwd) : relative(process.cwd(), recorded.path));
  if (schema === undefined)
    throw new BadInput(`no schema: ${out} has no generated files that name one; run generate first, or pass --schema FILE`);
  return {
    schema,
    out,
    dir,
    // The relations are a file (relations.json's path) or the config's own list, as generate reads them.
    ...(typeof config.relations === "string" ? { relations: config.relations } : {}),
    ...(Array.isArray(config.relations) ? { relationNames: config.relations } : {}),
    ...(config.resolveLinks === undefined ? {} : { resolveLinks: config.resolveLinks }),
    ...(config.inline === undefined ? {} : { inline: config.inline }),
    ...(config.datasources === undefined ? {} : { datasources: config.datasources }),
    ...(parsed.block === undefined ? {} : { blocks: parsed.block }),
    ...(config.helpers === undefined ? {} : { helpers: config.helpers }),
    ...(config.importExtension === undefined ? {} : { importExtension: config.importExtension }),
  };
}

/** `scaffold`: writes the plan's new files with `wx` (fails rather than replace a file) and the registry. */
export async function scaffoldCommand(flags: ScaffoldFlags): Promise<number> {
  const existing = existsSync(flags.dir) ? new Set(readdirSync(flags.dir)) : new Set<string>();
  const registryPath = join(flags.dir, "registry.ts");
  const extension = importExtensionFor(flags.dir, importExtensionSetting(flags.importExtension, `"importExtension"`));
  let plan;
  try {
    plan = await scaffoldRenderers({
      documents: readSchemaDocuments(flags.schema),
      relations: flags.relationNames ?? readSideFile(flags.relations, flags.schema, "relations").value,
      ...(flags.resolveLinks === undefined ? {} : { resolveLinks: flags.resolveLinks }),
      ...(flags.inline === undefined ? {} : { inline: flags.inline }),
      datasources: readSideFile(flags.datasources, flags.schema, "datasources").value,
      // node16/nodenext import no folder: the index itself, `.js` added with the rest.
      generatedImport: importPath(flags.dir, extension === "" ? flags.out : join(flags.out, "index")),
      existing,
      ownHelpers: ownHelpers(flags.helpers ?? {}, flags.dir),
      importExtension: extension,
      ...(existsSync(registryPath) ? { registry: readFileSync(registryPath, "utf8") } : {}),
      ...(flags.blocks === undefined ? {} : { blocks: flags.blocks }),
    });
  } catch (error) {
    if (error instanceof RegistryError) throw new BadInput(`${flags.dir}: ${error.message}`);
    throw error;
  }
  try {
    mkdirSync(flags.dir, { recursive: true });
    for (const file of plan.files) writeFileSync(join(flags.dir, file.path), file.contents, { flag: "wx" });
    if (plan.registry !== undefined) writeFileSync(registryPath, plan.registry);
  } catch (error) {
    throw new BadInput(`--dir ${flags.dir}: cannot write there (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (plan.added.length === 0) console.log(`Every nestable block already has a renderer in ${flags.dir}.`);
  else
    console.log(
      `Scaffolded ${plan.added.length} renderer(s) in ${flags.dir} (${plan.files.map((file) => file.path).join(", ")}${plan.registry === undefined ? "" : ", registry.ts"}).`,
    );
  return EXIT.ok;
}

/** The config's helper modules as the renderers in `dir` import them; a module that is not there is bad input. */
function ownHelpers(helpers: HelperModules, dir: string): Partial<Record<Helper, HelperImport>> {
  const imports: Partial<Record<Helper, HelperImport>> = {};
  for (const [helper, setting] of Object.entries(helpers) as [Helper, string][]) {
    const [path = "", name = helper] = setting.split("#");
    if (!existsSync(path)) throw new BadInput(`"helpers"."${helper}": ${path}: no such file`);
    imports[helper] = { specifier: importPath(dir, path.replace(/\.(tsx?|jsx?|mts|mjs)$/, "")), name };
  }
  return imports;
}

/** A folder or module as an import from the renderers' folder: `../generated`, `./generated`. */
function importPath(from: string, to: string): string {
  const path = relative(from, to).split("\\").join("/");
  return path.startsWith(".") ? path : `./${path}`;
}
