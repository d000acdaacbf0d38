import type { GeneratedFile } from "../model.js";

const MODULES = ["./components", "./locales", "./registry", "./relations", "./richtext", "./storyblok", "./validators"];

export function indexFile(header: string): GeneratedFile {
  const body = MODULES.map((module) => `export * from "${module}";`).join("\n");
  return { path: "index.ts", contents: `${header}\n${body}\n` };
}
