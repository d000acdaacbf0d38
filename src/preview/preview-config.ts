/**
 * Preview settings, read from the environment on the server only. The
 * preview token never leaves this process: pages get the bridge's URL and
 * the editor's origin, nothing secret.
 */
import type { PreviewSecrets } from "./preview-token";

export const DEFAULT_BRIDGE_URL = "https://app.storyblok.com/f/storyblok-v2-latest.js";
export const DEFAULT_EDITOR_ORIGIN = "https://app.storyblok.com";

type Env = Readonly<Record<string, string | undefined>>;

/** STORYBLOK_SPACE_ID and STORYBLOK_PREVIEW_TOKEN, or undefined when either is unset (preview off). */
export function previewSecrets(env: Env = process.env): PreviewSecrets | undefined {
  const spaceId = env.STORYBLOK_SPACE_ID?.trim();
  const previewToken = env.STORYBLOK_PREVIEW_TOKEN?.trim();
  return spaceId && previewToken ? { spaceId, previewToken } : undefined;
}

/** STORYBLOK_BRIDGE_URL: where the bridge script is loaded from in preview. */
export function bridgeUrl(env: Env = process.env): string {
  return env.STORYBLOK_BRIDGE_URL?.trim() || DEFAULT_BRIDGE_URL;
}

/** STORYBLOK_EDITOR_ORIGIN: the Visual Editor's origin, the one site allowed to frame pages. */
export function editorOrigin(env: Env = process.env): string {
  const configured = env.STORYBLOK_EDITOR_ORIGIN?.trim();
  if (!configured) return DEFAULT_EDITOR_ORIGIN;
  // An origin only: a path, a space or a quote would change the CSP header it goes into.
  const origin = URL.canParse(configured) ? new URL(configured).origin : "null";
  if (origin === "null" || origin !== configured.replace(/\/$/, "")) {
    throw new Error(`STORYBLOK_EDITOR_ORIGIN must be an origin such as https://app.storyblok.com, got "${configured}"`);
  }
  return origin;
}
