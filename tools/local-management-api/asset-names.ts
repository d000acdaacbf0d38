/**
 * Names of uploaded assets as Storyblok gives them: the file name
 * "parameterized" (lower case, every dot but the last and every character
 * outside letters, digits, `-` and `_` turned into `-`/`_`), under a key
 * `f/<space>/<width>x<height>/<hash>/<name>` where the size segment is
 * there only when the upload named one (the site reads sizes from it:
 * src/ui/asset-dimensions.ts).
 */
import { extname } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".json": "application/json",
  ".txt": "text/plain",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".mp3": "audio/mpeg",
  ".woff2": "font/woff2",
};

export function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? "application/octet-stream";
}

/** `My Photo.final.JPG` → `my-photo_final.jpg`. */
export function shortFilename(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const ext = extname(base);
  const stem = base.slice(0, base.length - ext.length).replace(/\./g, "_");
  const clean = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, "-")
      .replace(/-{2,}/g, "-")
      .replace(/^-|-$/g, "");
  const name = clean(stem) || "file";
  const suffix = clean(ext.slice(1));
  return suffix ? `${name}.${suffix}` : name;
}

/** `400x500` or `400X500` → `400x500`; anything else has no size segment. */
export function sizeSegment(size: unknown): string | undefined {
  const match = typeof size === "string" ? /^(\d{1,5})[xX](\d{1,5})$/.exec(size) : null;
  return match && Number(match[1]) > 0 && Number(match[2]) > 0 ? `${match[1]}x${match[2]}` : undefined;
}

/** The asset's key: its path under `assets/` and under the server's origin. */
export function assetKeyOf(spaceId: number, assetId: number, fileName: string, size: string | undefined): string {
  // The hash segment is the id in hex: unique per asset, so two uploads of one name never collide.
  const hash = assetId.toString(16).padStart(10, "0");
  return ["f", String(spaceId), ...(size ? [size] : []), hash, fileName].join("/");
}
