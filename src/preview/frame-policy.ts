/**
 * Who may frame the site: the Visual Editor and nobody else (clickjacking).
 * Kept apart from the rest of the Content-Security-Policy so the two can be
 * joined wherever the headers are set: `frameAncestors()` is one directive,
 * and `bridgeSources()` is what script-src / connect-src must allow for the
 * bridge in preview.
 */
import { bridgeUrl, editorOrigin } from "./preview-config";

type Env = Readonly<Record<string, string | undefined>>;

/** `frame-ancestors 'self' <editor origin>` (STORYBLOK_EDITOR_ORIGIN, default https://app.storyblok.com). */
export function frameAncestors(env: Env = process.env): string {
  return `frame-ancestors 'self' ${editorOrigin(env)}`;
}

/** The origins the bridge script is loaded from and talks to, for script-src and connect-src. */
export function bridgeSources(env: Env = process.env): string[] {
  return [...new Set([new URL(bridgeUrl(env)).origin, editorOrigin(env)])];
}

/** The same policy as a directive map, to merge into the site's Content-Security-Policy. */
export function editorFrameAncestors(env: Env = process.env): Record<string, readonly string[]> {
  return { "frame-ancestors": ["'self'", editorOrigin(env)] };
}
