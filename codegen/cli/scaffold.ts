import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { RegistryError, scaffoldRenderers } from "../scaffold/index.js";
import { EXIT } from "../exit-codes.js";
import { BadInput, readSchemaDocuments, readSideFile } from "../schema-files.js";

export interface ScaffoldFlags {
  schema: string;
  out: string;
  dir: string;
  relations?: string;
  datasources?: string;
  blocks?: string[];
}

/** `scaffold`: writes the plan's new files with `wx` (fails rather than replace a file) and the registry. */
export async function scaffoldCommand(flags: ScaffoldFlags): Promise<number> {
  const existing = existsSync(flags.dir) ? new Set(readdirSync(flags.dir)) : new Set<string>();
  const registryPath = join(flags.dir, "registry.ts");
  let plan;
  try {
    plan = await scaffoldRenderers({
      documents: readSchemaDocuments(flags.schema),
      relations: readSideFile(flags.relations, flags.schema, "relations").value,
      datasources: readSideFile(flags.datasources, flags.schema, "datasources").value,
      generatedImport: importPath(flags.dir, flags.out),
      existing,
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

/** The generated folder as a module path from the renderers' folder: `../generated`, `./generated`. */
function importPath(from: string, to: string): string {
  const path = relative(from, to).split("\\").join("/");
  return path.startsWith(".") ? path : `./${path}`;
}
