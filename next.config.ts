import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import { bridgeSources, editorFrameAncestors } from "./src/preview/frame-policy";
import { mergeDirectives, securityHeaders, siteDirectives } from "./src/site/security-headers";
import { normaliseSiteUrl, SITE_URL_MISSING, siteUrlProblem } from "./src/site/site-url";

/** A production build without a usable public origin: a malformed one stops it, a missing one is warned about. */
function checkSiteUrl(): void {
  const siteUrl = normaliseSiteUrl(process.env.NEXT_PUBLIC_SITE_URL);
  if (!siteUrl) {
    console.warn(`⚠ ${SITE_URL_MISSING}`);
    return;
  }
  const problem = siteUrlProblem(siteUrl);
  if (problem) throw new Error(problem);
}

/**
 * Next.js's draft-mode cookie. Only a request that carries it can be a preview
 * (src/preview/preview-entry.ts), so only such responses allow the bridge.
 */
const DRAFT_MODE_COOKIE = "__prerender_bypass";

export default function nextConfig(phase: string): NextConfig {
  if (phase === PHASE_PRODUCTION_BUILD) checkSiteUrl();
  const development = phase === PHASE_DEVELOPMENT_SERVER;
  // Only the Visual Editor may frame the site (src/preview/frame-policy.ts).
  const published = mergeDirectives(siteDirectives({ development }), editorFrameAncestors());
  // In preview the editor's bridge script is loaded from, and talks to, the provider.
  const bridge = bridgeSources();
  const preview = mergeDirectives(published, { "script-src": bridge, "connect-src": bridge });
  return {
    reactStrictMode: true,
    poweredByHeader: false,
    // A second build beside the main one (the hostile-content browser test builds into .next/hostile).
    distDir: process.env.NEXT_DIST_DIR || ".next",
    // The repository has other TypeScript trees (codegen/, bin/, tests/); Next only builds src/pages.
    // NEXT_SKIP_TYPECHECK=1 only for a second build of code already checked (the hostile-content browser test).
    typescript: { tsconfigPath: "tsconfig.json", ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
    images: {
      // Local assets are served from /assets (content/assets, copied at build) and
      // Storyblok assets from its CDN; both are already sized by the content owner.
      remotePatterns: [{ protocol: "https", hostname: "a.storyblok.com" }],
    },
    async headers() {
      // When both rules match, the later one's headers win (Next.js headers()).
      return [
        { source: "/:path*", headers: securityHeaders(published, { development }) },
        {
          source: "/:path*",
          has: [{ type: "cookie", key: DRAFT_MODE_COOKIE }],
          headers: securityHeaders(preview, { development }),
        },
      ];
    },
  };
}
