/**
 * Who may frame the site: the Visual Editor and nobody else (clickjacking).
 * Kept apart from the rest of the Content-Security-Policy so the two can be
 * joined wherever the headers are set: `editorFrameAncestors()` is one directive,
 * and `bridgeSources()` is what script-src / connect-src must allow for the
 * bridge in preview.
 */
import { bridgeUrl, editorOrigin } from "./preview-config";

type Env = Readonly<Record<string, string | undefined>>;

/** The origins the bridge script is loaded from and talks to, for script-src and connect-src. */
export function bridgeSources(env: Env = process.env): string[] {
  return [...new Set([new URL(bridgeUrl(env)).origin, editorOrigin(env)])];
}

/**
 * `frame-ancestors 'self' <editor origin>` (STORYBLOK_EDITOR_ORIGIN, default
 * https://app.storyblok.com), as a directive to merge into the site's
 * Content-Security-Policy (next.config.ts).
 */
export function editorFrameAncestors(env: Env = process.env): Record<string, readonly string[]> {
  return { "frame-ancestors": ["'self'", editorOrigin(env)] };
}
