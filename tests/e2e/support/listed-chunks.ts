import { PAINT_FIRST_CHUNKS_ID } from "../../../src/site/paint-first-boot";

/** The chunks a page's HTML lists for the loader that adds them after the first paint (src/site/paint-first-boot.ts). */
export function listedChunks(html: string): string[] {
  const listed = new RegExp(`<script id="${PAINT_FIRST_CHUNKS_ID}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  return JSON.parse(listed ?? "[]") as string[];
}
