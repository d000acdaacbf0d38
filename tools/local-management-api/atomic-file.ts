/**
 * Writes that a reader (the CDN's story store, another process) never sees
 * half done: the bytes go to a temporary file beside the target, then a
 * rename puts them in place in one step. The temporary name does not end in
 * `.json`, so the CDN never lists it as a story.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  return writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
