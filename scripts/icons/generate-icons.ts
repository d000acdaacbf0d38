/** `npm run icons`: writes src/ui/icons/icon-data.ts from the icon sources. */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { iconModuleSource } from "./icon-module";

const target = fileURLToPath(new URL("../../src/ui/icons/icon-data.ts", import.meta.url));
writeFileSync(target, iconModuleSource());
console.log(`wrote ${target}`);
