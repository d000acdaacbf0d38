/** `npm run icons`: writes src/ui/icons/icon-data.ts and ui-icon-data.ts from the icon sources. */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { iconModuleSource, uiIconModuleSource } from "./icon-module";

for (const [file, source] of [
  ["icon-data.ts", iconModuleSource()],
  ["ui-icon-data.ts", uiIconModuleSource()],
] as const) {
  const target = fileURLToPath(new URL(`../../src/ui/icons/${file}`, import.meta.url));
  writeFileSync(target, source);
  console.log(`wrote ${target}`);
}
