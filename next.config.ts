import type { NextConfig } from "next";

const config: NextConfig = {
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
};

export default config;
