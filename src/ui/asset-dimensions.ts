/**
 * Intrinsic size of an asset, read from its URL the way Storyblok encodes it
 * (`/f/<space>/<width>x<height>/<hash>/<name>`). Local assets carry no size in
 * their URL; callers then give a ratio so the browser can still reserve the
 * box before the image loads (no layout shift either way).
 */
export interface Dimensions {
  width: number;
  height: number;
}

const SIZE_SEGMENT = /\/(\d{1,5})x(\d{1,5})\//;

export function dimensionsFromUrl(url: string): Dimensions | null {
  const match = SIZE_SEGMENT.exec(url);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

export function isVideo(url: string): boolean {
  return /\.(mp4|webm|mov|m4v)(\?|$)/i.test(url);
}

/** Storyblok's image service resizes on the fly; other hosts get the original. */
export function srcSetFor(url: string, widths: readonly number[]): string | undefined {
  if (!url.startsWith("https://a.storyblok.com/") || /\.svg(\?|$)/i.test(url)) return undefined;
  return widths.map((width) => `${url}/m/${width}x0 ${width}w`).join(", ");
}
