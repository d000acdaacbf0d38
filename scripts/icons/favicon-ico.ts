/**
 * `npm run icons:favicon`: public/favicon.ico from public/favicon.svg, drawn
 * by Chromium at 16, 32 and 48 px and packed as PNG images in one ICO file
 * (the format has allowed PNG entries since Windows Vista; every browser reads them).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const SIZES = [16, 32, 48];
const svgPath = fileURLToPath(new URL("../../public/favicon.svg", import.meta.url));
const icoPath = fileURLToPath(new URL("../../public/favicon.ico", import.meta.url));

/** ICONDIR, one ICONDIRENTRY per image, then the PNGs. */
export function packIco(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((png) => png.data)]);
}

async function main() {
  const svg = readFileSync(svgPath, "utf8");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const pngs = [];
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
      );
      pngs.push({ size, data: await page.screenshot({ omitBackground: true }) });
      await page.close();
    }
    writeFileSync(icoPath, packIco(pngs));
    console.log(`wrote ${icoPath}`);
  } finally {
    await browser.close();
  }
}

await main();
