/**
 * The two sets of security headers a page can be served with, decided once
 * per build: the published policy, which every response gets from
 * next.config.ts, and the preview policy, which also allows the Visual
 * Editor's bridge script. Only a page rendered as the editor's draft gets
 * the preview one (src/pages/_document.tsx): never a response that merely
 * carries a draft-mode cookie, since such a response may be the published
 * page, publicly cacheable, and a shared cache would then keep the weaker
 * policy for everyone.
 *
 * next.config.ts hands the build's headers to the server code through its
 * `env` (SITE_PAGE_HEADERS, inlined at build time), so the document and the
 * error page send exactly what next.config's headers() sends, even when the
 * server starts with other STORYBLOK_EDITOR_ORIGIN or bridge settings.
 */
import { createHash } from "node:crypto";
import { bridgeSources, editorFrameAncestors } from "../preview/frame-policy";
import { mergeDirectives, securityHeaders, siteDirectives, type Header } from "./security-headers";

export interface PageHeaders {
  published: Header[];
  preview: Header[];
}

export interface PageHeaderOptions {
  /** `next dev` (siteDirectives). */
  development?: boolean;
  /** The inline scripts the build's pages carry (the islands script, src/islands/build-islands.ts): allowed by their hashes. */
  inlineScripts?: readonly string[];
}

export function pageHeaders({ development = false, inlineScripts = [] }: PageHeaderOptions = {}): PageHeaders {
  // Only the Visual Editor may frame the site (src/preview/frame-policy.ts).
  const published = mergeDirectives(siteDirectives({ development, scriptHashes: inlineScripts.map(scriptHash) }), editorFrameAncestors());
  // In preview the editor's bridge script is loaded from, and talks to, the provider.
  const bridge = bridgeSources();
  const preview = mergeDirectives(published, { "script-src": bridge, "connect-src": bridge });
  return { published: securityHeaders(published, { development }), preview: securityHeaders(preview, { development }) };
}

/** The headers the build was made with (next.config.ts's `env`), or as this process's environment makes them (unit tests). */
export function builtPageHeaders(): PageHeaders {
  const built = process.env.SITE_PAGE_HEADERS;
  return built ? (JSON.parse(built) as PageHeaders) : pageHeaders({ development: process.env.NODE_ENV === "development" });
}

/** Sets each header on a response that has not been sent yet. */
export function setHeaders(
  res: { setHeader(name: string, value: string): unknown; headersSent?: boolean },
  headers: readonly Header[],
): void {
  if (res.headersSent) return;
  for (const { key, value } of headers) res.setHeader(key, value);
}

/** A script's CSP hash source: `'sha256-…'` of its text as the element holds it. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}
