import type { ComponentModel } from "../model.js";
import { fieldMarkup, type Helper } from "./field-markup.js";

/** Where the scaffold's own copy of a helper goes, relative to the renderers' folder (helper-files.ts). */
const HELPER_MODULES: Record<Helper, string> = {
  Blocks: "./Blocks",
  RichText: "./RichText",
  editable: "./editable",
  linkHref: "./link-href",
};

/** A helper of the project's own: the module as the renderers import it, and its export's name. */
export interface HelperImport {
  specifier: string;
  name: string;
}

/** The line that brings `helper` into a renderer: the project's own module when configured, else the scaffold's copy. */
export function helperImport(helper: Helper, own: HelperImport | undefined): string {
  if (own === undefined) return `import { ${helper} } from "${HELPER_MODULES[helper]}";`;
  return `import { ${own.name === helper ? helper : `${own.name} as ${helper}`} } from "${own.specifier}";`;
}

export interface RendererInput {
  component: ComponentModel;
  /** The generated type, e.g. `HeroSectionBlok`. */
  typeName: string;
  /** The component's name, e.g. `HeroSection`; also the file's. */
  rendererName: string;
  /** The generated folder as the renderers import it, e.g. `../generated`. */
  generatedImport: string;
  /** The registry's BlockRegistry type arguments and their imports: the renderer's block is `ResolvedBlok<name, …args>`. */
  registryTypes?: { args: string[]; imports: string[] };
  /** Helpers the project has: imported from there, not from the scaffold's copies. */
  ownHelpers?: Partial<Record<Helper, HelperImport>>;
  /** The relations the project declares its requests resolve (`block.field`): their fields hold a story or a uuid. */
  resolvedRelations?: readonly string[];
}

/** A renderer file's text and the helpers it imports, which the scaffold writes beside it when missing. */
export function rendererFile(input: RendererInput): { contents: string; helpers: Helper[] } {
  const markups = input.component.fields.flatMap((field) => {
    const markup = fieldMarkup(field, input.resolvedRelations?.includes(`${input.component.name}.${field.key}`) === true);
    return markup === undefined ? [] : [markup];
  });
  // Every renderer spreads the Visual Editor's attributes on its root element.
  const helpers = [...new Set<Helper>(["editable", ...markups.flatMap((markup) => markup.helpers)])].sort();
  const registryTypes = input.registryTypes;
  // Typed as the registry hands the block over, so the renderer fits its entry.
  const blokType =
    registryTypes === undefined
      ? input.typeName
      : `ResolvedBlok<${JSON.stringify(input.component.name)}, ${registryTypes.args.join(", ")}>`;
  const imports = [
    `import type { ${registryTypes === undefined ? input.typeName : "ResolvedBlok"} } from "${input.generatedImport}";`,
    ...(registryTypes?.imports ?? []),
    ...helpers.map((helper) => helperImport(helper, input.ownHelpers?.[helper])),
  ];
  const body = markups.flatMap((markup) => markup.jsx.split("\n")).map((line) => `      ${line}`);
  const title = (input.component.displayName ?? input.component.name).replace(/\*\//g, "* /");
  const contents = [
    ...imports,
    "",
    `/** ${title}: scaffolded by storyblok-typed-codegen; yours to edit, it is never overwritten. */`,
    `export function ${input.rendererName}({ blok }: { blok: ${blokType} }) {`,
    "  return (",
    "    <div {...editable(blok)}>",
    ...body,
    "    </div>",
    "  );",
    "}",
    "",
  ].join("\n");
  return { contents, helpers };
}
