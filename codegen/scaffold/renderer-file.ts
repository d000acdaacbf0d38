import type { ComponentModel } from "../model.js";
import { fieldMarkup, type Helper } from "./field-markup.js";

/** Where a helper comes from, relative to the renderers' folder. */
export const HELPER_MODULES: Record<Helper, string> = {
  Blocks: "./Blocks",
  RichText: "./RichText",
  editable: "./editable",
  linkHref: "./link-href",
};

export interface RendererInput {
  component: ComponentModel;
  /** The generated type, e.g. `HeroSectionBlok`. */
  typeName: string;
  /** The component's name, e.g. `HeroSection`; also the file's. */
  rendererName: string;
  /** The generated folder as the renderers import it, e.g. `../generated`. */
  generatedImport: string;
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
  const imports = [
    `import type { ${input.typeName} } from "${input.generatedImport}";`,
    ...helpers.map((helper) => `import { ${helper} } from "${HELPER_MODULES[helper]}";`),
  ];
  const body = markups.flatMap((markup) => markup.jsx.split("\n")).map((line) => `      ${line}`);
  const title = (input.component.displayName ?? input.component.name).replace(/\*\//g, "* /");
  const contents = [
    ...imports,
    "",
    `/** ${title}: scaffolded by storyblok-typed-codegen; yours to edit, it is never overwritten. */`,
    `export function ${input.rendererName}({ blok }: { blok: ${input.typeName} }) {`,
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
