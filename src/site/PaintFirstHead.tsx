import type { ReactElement } from "react";
import { InlineCssHead } from "./InlineCssHead";
import { PAINT_FIRST_BOOT, PAINT_FIRST_CHUNKS_ID, PAINT_FIRST_MANIFEST_ID } from "./paint-first-boot";
import { isBuildManifest, readBuildManifest, type BuildManifest } from "./build-manifest-data";
import { jsonForScriptElement } from "./json-script";
import { staticPageOfDocument } from "./static-page";

type DocumentFiles = Parameters<InlineCssHead["getScripts"]>[0];

/** The `src` of a <script> element Next.js renders; undefined for one without (an inline bootstrap). */
function scriptSource(element: ReactElement): string | undefined {
  const src = (element as ReactElement<{ src?: unknown }>).props.src;
  return typeof src === "string" ? src : undefined;
}

/**
 * next/document's <Head> (with the CSS inlined, InlineCssHead) whose page
 * chunks load after the first paint instead of as `<script defer>` tags:
 * see src/site/paint-first-boot.ts for why.
 *
 * Only the chunk tags change. The `noModule` polyfills (which modern
 * browsers never fetch) and `beforeInteractive` scripts (none on this site)
 * are rendered as Next.js renders them; if Next.js ever renders a chunk tag
 * without a `src` (an inline bootstrap, as Turbopack's builds have), the
 * tags are left as they are rather than half-moved.
 */
export class PaintFirstHead extends InlineCssHead {
  override getDynamicChunks(): ReturnType<InlineCssHead["getDynamicChunks"]> {
    // Listed with the page's own chunks, in getScripts, in Next.js's order.
    return [];
  }

  override getPreloadDynamicChunks(): ReturnType<InlineCssHead["getPreloadDynamicChunks"]> {
    // Next.js preloads dynamic imports with the HTML; here they load after the first paint with the rest (or never).
    return [];
  }

  override getScripts(files: DocumentFiles) {
    // A page served as static HTML loads the islands script instead of Next.js's (src/site/static-page.ts).
    const asStatic = staticPageOfDocument(this.context);
    if (asStatic) return this.loadAfterPaint(asStatic.scripts, null);
    const all = [...super.getDynamicChunks(files), ...super.getScripts(files)].filter((node) => node !== null);
    const sources = all.map(scriptSource);
    if (!sources.every((src) => src !== undefined)) return all;
    const manifestSrc = sources.find(isBuildManifest);
    const manifest = manifestSrc ? readBuildManifest(manifestSrc) : null;
    return this.loadAfterPaint(manifest ? sources.filter((src) => src !== manifestSrc) : sources, manifest);
  }

  /** The loader and its data: `chunks` in order, and the build manifest the router reads, if any. */
  private loadAfterPaint(chunks: readonly string[], manifest: BuildManifest | null) {
    return [
      <script key="paint-first-chunks" id={PAINT_FIRST_CHUNKS_ID} type="application/json" dangerouslySetInnerHTML={{ __html: jsonForScriptElement(chunks) }} />,
      ...(manifest
        ? [<script key="paint-first-manifest" id={PAINT_FIRST_MANIFEST_ID} type="application/json" dangerouslySetInnerHTML={{ __html: jsonForScriptElement(manifest) }} />]
        : []),
      <script key="paint-first-boot" dangerouslySetInnerHTML={{ __html: PAINT_FIRST_BOOT }} />,
    ];
  }
}
