import type { GeneratedFile } from "../model";
import { fileHeader } from "./header";

const MODULES = ["./components", "./registry", "./relations", "./richtext", "./storyblok", "./validators"];

export function indexFile(schemaLabel: string): GeneratedFile {
  const body = MODULES.map((module) => `export * from "${module}";`).join("\n");
  return { path: "index.ts", contents: `${fileHeader(schemaLabel)}\n${body}\n` };
}
