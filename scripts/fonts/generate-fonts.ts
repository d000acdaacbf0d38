/**
 * `npm run fonts`: writes the display face's files to public/fonts, its
 * @font-face rules to src/styles/display-font.css and the core
 * file's path to src/styles/display-font-files.ts (see display-font.ts for why the
 * face is shaped as it is). The output is committed; a unit test checks it
 * is what this script writes today.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildDisplayFont, PUBLIC_DIR } from "./display-font";
import { displayFontModule } from "./display-font-module";

const root = fileURLToPath(new URL("../../", import.meta.url));
const fontsDir = `${root}public${PUBLIC_DIR}`;

const font = await buildDisplayFont();
mkdirSync(fontsDir, { recursive: true });
// Old files go: their names carry the hash of what they held.
for (const name of readdirSync(fontsDir)) if (name.startsWith("fraunces-")) rmSync(`${fontsDir}/${name}`);
for (const file of [font.core, font.latin]) {
  writeFileSync(`${fontsDir}/${file.name}`, file.bytes);
  console.log(`wrote public${PUBLIC_DIR}/${file.name} (${file.bytes.length} bytes)`);
}
writeFileSync(`${root}src/styles/display-font.css`, font.css);
writeFileSync(`${root}src/styles/display-font-files.ts`, displayFontModule(font));
console.log("wrote src/styles/display-font.css and src/styles/display-font-files.ts");
