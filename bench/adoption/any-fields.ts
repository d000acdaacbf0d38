/**
 * "Fields typed any": the declared fields of the project's block types, as a
 * generator types them, whose type is `any` or `any[]` (a custom field, an
 * option list with no source, a rich-text node's `attrs` is not counted: it is
 * not a block field). An index signature `[k: string]: any` is counted apart,
 * per block: it makes every field the type does not declare `any`.
 *
 * Read through the compiler API over the workspace's own tsconfig, so the
 * types a generator imports (`@storyblok/js`'s story, …) resolve as in tsc.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import type { GeneratedTypes } from "./generators";
import { GENERATED_DIR, TSCONFIG } from "./workspace";

export interface AnyCount {
  /** `Block.field` for each field typed any. */
  fields: string[];
  /** Blocks with an `any` index signature. */
  anyIndex: number;
}

function isAny(type: ts.Type, checker: ts.TypeChecker): boolean {
  if (type.flags & ts.TypeFlags.Any) return true;
  if (checker.isArrayType(type)) return isAny(checker.getTypeArguments(type as ts.TypeReference)[0]!, checker);
  return false;
}

export function countAnyFields(dir: string, generatorDir: string, generated: GeneratedTypes): AnyCount {
  const probe = join(dir, GENERATED_DIR, "any-probe.ts");
  const blocks = [...generated.blocks.values()];
  const entry = `./${generatorDir}/${generated.entry}`;
  writeFileSync(
    probe,
    `import type * as G from ${JSON.stringify(entry)};\n${blocks.map((b, i) => `export type P${i} = G.${b};`).join("\n")}\n`,
  );
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, TSCONFIG), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error(`adoption: cannot read ${join(dir, TSCONFIG)}`);
  const program = ts.createProgram({ rootNames: [probe], options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe)!;
  const fields: string[] = [];
  let anyIndex = 0;
  for (const statement of source.statements) {
    if (!ts.isTypeAliasDeclaration(statement)) continue;
    const type = checker.getTypeAtLocation(statement.type);
    const name = blocks[Number(statement.name.text.slice(1))]!;
    for (const property of checker.getPropertiesOfType(type)) {
      if (isAny(checker.getTypeOfSymbol(property), checker)) fields.push(`${name}.${property.name}`);
    }
    const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
    if (index && isAny(index.type, checker)) anyIndex += 1;
  }
  return { fields, anyIndex };
}
