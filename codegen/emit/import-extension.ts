/**
 * How relative imports in written code end. `""` leaves them bare (`./components`): what
 * bundlers resolve (Next.js's webpack and Turbopack find no `.ts` behind a `.js` specifier).
 * `".js"` writes `./components.js`: what TypeScript's `node16` and `nodenext` module
 * resolution require (TS2835 otherwise), and what they then resolve to the `.ts` file.
 */
export type ImportExtension = "" | ".js";

/** `from "./x"` and `import("./x")`: the relative specifiers in generated or scaffolded text. */
const RELATIVE_SPECIFIER = /((?:\bfrom|\bimport\()\s*")(\.\.?\/[^"\n]*)(")/g;

/**
 * `text` with each relative import given `extension` (a specifier that already ends in
 * `.js` is left alone). One pass over the finished text, so every emitter's imports,
 * including ones added later, follow the same setting.
 */
export function withImportExtension(text: string, extension: ImportExtension): string {
  if (extension === "") return text;
  return text.replace(RELATIVE_SPECIFIER, (whole, before: string, specifier: string, after: string) =>
    specifier.endsWith(extension) ? whole : `${before}${specifier}${extension}${after}`,
  );
}
