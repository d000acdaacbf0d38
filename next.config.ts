import type { NextConfig } from "next";
import { framePolicyHeaders } from "./src/preview/frame-policy";

const config: NextConfig = {
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
    // Only the Visual Editor may frame the site (src/preview/frame-policy.ts).
    return [{ source: "/:path*", headers: framePolicyHeaders() }];
  },
};

export default config;
