import { randomBytes } from "node:crypto";
import type { NextConfig } from "next";

// ── Build identity and output (publishing) ───────────────────────────────
// One id and time per `next build`: the id becomes the Next.js build id and,
// with the time, is inlined for /api/build-info, so an open tab can tell a
// newer build is live. NEXT_BUILD_ID pins it (e.g. to a commit) when several
// instances are built apart. NEXT_DIST_DIR and NEXT_OUTPUT=standalone let a
// build go elsewhere, or be self-contained, without changing `next start`.
const build = { id: process.env.NEXT_BUILD_ID?.trim() || randomBytes(9).toString("base64url"), time: new Date().toISOString() };
const buildOutput: Partial<NextConfig> = {
  generateBuildId: () => build.id,
  env: { SITE_BUILD_ID: build.id, SITE_BUILD_TIME: build.time },
  ...(process.env.NEXT_DIST_DIR?.trim() && { distDir: process.env.NEXT_DIST_DIR.trim() }),
  ...(process.env.NEXT_OUTPUT === "standalone" && { output: "standalone" as const }),
};
// ─────────────────────────────────────────────────────────────────────────

const config: NextConfig = {
  ...buildOutput,
  reactStrictMode: true,
  poweredByHeader: false,
  // The repository has other TypeScript trees (codegen/, bin/, tests/); Next only builds src/pages.
  typescript: { tsconfigPath: "tsconfig.json" },
  images: {
    // Local assets are served from /assets (content/assets, copied at build) and
    // Storyblok assets from its CDN; both are already sized by the content owner.
    remotePatterns: [{ protocol: "https", hostname: "a.storyblok.com" }],
  },
};

export default config;
