import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import { securityHeaders, siteDirectives } from "./src/site/security-headers";
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

export default function nextConfig(phase: string): NextConfig {
  if (phase === PHASE_PRODUCTION_BUILD) checkSiteUrl();
  const development = phase === PHASE_DEVELOPMENT_SERVER;
  const headers = securityHeaders(siteDirectives({ development }), { development });
  return {
    reactStrictMode: true,
    poweredByHeader: false,
    // The repository has other TypeScript trees (codegen/, bin/, tests/); Next only builds src/pages.
    typescript: { tsconfigPath: "tsconfig.json" },
    images: {
      // Local assets are served from /assets (content/assets, copied at build) and
      // Storyblok assets from its CDN; both are already sized by the content owner.
      remotePatterns: [{ protocol: "https", hostname: "a.storyblok.com" }],
    },
    async headers() {
      return [{ source: "/:path*", headers }];
    },
  };
}
