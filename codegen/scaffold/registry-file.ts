import { IndentationText, Node, Project, QuoteKind, SyntaxKind, type ObjectLiteralExpression, type SourceFile } from "ts-morph";
import { propertyKey } from "../naming.js";
import { compareNames } from "../sort.js";
import type { ImportExtension } from "../emit/import-extension.js";
import { RegistryError, type RegistryEntry } from "./new-registry.js";

/*
 * Editing a registry.ts the user already has. This module loads ts-morph (and
 * the TypeScript compiler with it, most of a scaffold's time), so index.ts
 * imports it only when there is such a file.
 */

/** The keys the registry object already has, e.g. a hand-wired renderer the scaffold must not replace. */
export function registryKeys(text: string): Set<string> {
  const object = registryObject(parse(text));
  return new Set(
    object
      .getProperties()
      .flatMap((property) =>
        Node.isPropertyAssignment(property) || Node.isShorthandPropertyAssignment(property) ? [unquote(property.getName())] : [],
      ),
  );
}

/**
 * Adds entries to an existing registry.ts as a syntax tree, so the rest of
 * the file (its formatting, comments, hand-written entries) stays as it was:
 * each key goes in name order among the others, each import after the last.
 */
export function addToRegistry(text: string, entries: readonly RegistryEntry[], extension: ImportExtension = ""): string {
  const file = parse(text);
  const object = registryObject(file);
  const present = registryKeys(text);
  // ts-morph puts no comma after a property it appends last; a list written with one keeps it.
  const trailingComma = hasTrailingComma(object);
  for (const entry of [...entries].sort((a, b) => compareNames(a.block, b.block))) {
    if (present.has(entry.block)) continue;
    const names = object
      .getProperties()
      .map((property) =>
        Node.isPropertyAssignment(property) || Node.isShorthandPropertyAssignment(property) ? unquote(property.getName()) : "",
      );
    const after = names.findIndex((name) => name !== "" && compareNames(name, entry.block) > 0);
    object.insertPropertyAssignment(after === -1 ? names.length : after, { name: propertyKey(entry.block), initializer: entry.renderer });
    const imported = file
      .getImportDeclarations()
      .some((declaration) =>
        declaration.getNamedImports().some((named) => (named.getAliasNode() ?? named.getNameNode()).getText() === entry.renderer),
      );
    if (!imported) file.addImportDeclaration({ namedImports: [entry.renderer], moduleSpecifier: `./${entry.renderer}${extension}` });
    present.add(entry.block);
  }
  const last = object.getProperties().at(-1);
  if (trailingComma && last !== undefined && !hasTrailingComma(object)) file.insertText(last.getEnd(), ",");
  return file.getFullText();
}

/** A comma after the last property, whatever comments follow it. */
function hasTrailingComma(object: ObjectLiteralExpression): boolean {
  return object.getProperties().at(-1)?.getNextSiblingIfKind(SyntaxKind.CommaToken) !== undefined;
}

/**
 * The type arguments of the registry's BlockRegistry (`BlockRegistry<typeof PAGE_RELATIONS>`)
 * and the imports they use: a renderer wired into it receives its block as those requests
 * deliver it (`ResolvedBlok<K, …>`), so a new renderer is typed alike. The imports come as
 * written, since the renderers live beside registry.ts. Undefined for a plain BlockRegistry.
 */
export function registryBlokTypeArguments(text: string): { args: string[]; imports: string[] } | undefined {
  const file = parse(text);
  const object = registryObject(file);
  const declaration = object.getFirstAncestorByKind(SyntaxKind.VariableDeclaration);
  const parent = object.getParent();
  const typeNode =
    declaration?.getTypeNode() ?? (parent !== undefined && Node.isSatisfiesExpression(parent) ? parent.getTypeNode() : undefined);
  if (typeNode === undefined || !Node.isTypeReference(typeNode) || typeNode.getTypeName().getText() !== "BlockRegistry") return undefined;
  const args = typeNode.getTypeArguments().map((arg) => arg.getText());
  if (args.length === 0) return undefined;
  const used = new Set(
    typeNode.getTypeArguments().flatMap((arg) => arg.getDescendantsOfKind(SyntaxKind.Identifier).map((id) => id.getText())),
  );
  const imports = file.getImportDeclarations().flatMap((declaration) => {
    const names = declaration.getNamedImports().filter((named) => used.has((named.getAliasNode() ?? named.getNameNode()).getText()));
    if (names.length === 0) return [];
    const list = names.map((named) => named.getText().replace(/^type\s+/, "")).join(", ");
    return [`import type { ${list} } from "${declaration.getModuleSpecifierValue()}";`];
  });
  return { args, imports };
}

function parse(text: string): SourceFile {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double },
  });
  return project.createSourceFile("registry.ts", text);
}

/** The object literal of the variable typed BlockRegistry (or named `registry`). */
function registryObject(file: SourceFile): ObjectLiteralExpression {
  const declarations = file.getVariableDeclarations();
  const declaration =
    declarations.find((d) => /\bBlockRegistry\b/.test(d.getTypeNode()?.getText() ?? "")) ??
    declarations.find((d) => d.getName() === "registry");
  const initializer = declaration?.getInitializer();
  const object = initializer !== undefined && Node.isSatisfiesExpression(initializer) ? initializer.getExpression() : initializer;
  if (object === undefined || !Node.isObjectLiteralExpression(object)) {
    throw new RegistryError("registry.ts: no `const registry: BlockRegistry = { … }` to add the new renderers to");
  }
  return object;
}

function unquote(name: string): string {
  return /^["'].*["']$/.test(name) ? (JSON.parse(`"${name.slice(1, -1)}"`) as string) : name;
}
