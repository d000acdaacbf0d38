import { randomBytes } from "node:crypto";
import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import { distDir } from "./src/deploy/dist-dir";
import { pageHeaders } from "./src/security/page-policies";
import { securityHeaders, STATIC_FILE_DIRECTIVES } from "./src/security/security-headers";
import { applyShortClassNames, shortClassName } from "./src/document/short-class-names";
import { displayFontHeadScript } from "./src/document/display-font-flag";
import { buildIslands } from "./src/islands/build-islands";
import { editorRewrites } from "./src/preview/preview-entry";
import { listBuildPages } from "./src/publishing/build-pages";
import { normaliseSiteUrl, SITE_URL_MISSING, siteUrlProblem } from "./src/seo/site-url";
import { DEFAULT_LOCALE, LOCALES } from "./src/i18n/locales";
import { sharedPageCache } from "./src/publishing/shared-cache/next-config";

// ── Build identity and output (publishing) ───────────────────────────────
// One id and time per `next build`: the id becomes the Next.js build id and,
// with the time, is inlined for /api/build-info, so an open tab can tell a
// newer build is live. NEXT_BUILD_ID pins it (e.g. to a commit) when several
// instances are built apart. NEXT_DIST_DIR and NEXT_OUTPUT=standalone let a
// build go elsewhere, or be self-contained, without changing `next start`.
const build = thisBuild();
const buildOutput: Partial<NextConfig> = {
  generateBuildId: () => build.id,
  env: { SITE_BUILD_ID: build.id, SITE_BUILD_TIME: build.time },
  distDir: distDir(),
  ...(process.env.NEXT_OUTPUT === "standalone" && { output: "standalone" as const }),
  // With REDIS_URL, the ISR page cache lives in Redis, shared by every instance of the build
  // (src/publishing/shared-cache). `next start` reads REDIS_URL again; a standalone build keeps
  // the cacheHandler it was built with, so build it with REDIS_URL set.
  ...sharedPageCache(require.resolve("./src/publishing/shared-cache/cache-handler.mjs")),
};
// ─────────────────────────────────────────────────────────────────────────

/**
 * The build's id and time, made once per `next build`. The build's workers
 * (webpack's compiler, the page renderers) load this file again in processes
 * of their own, which inherit the first load's environment: handed down
 * there, every part of one build agrees on one id.
 */
function thisBuild(): { id: string; time: string } {
  const inherited = process.env.SITE_BUILD_IDENTITY;
  if (inherited) return JSON.parse(inherited) as { id: string; time: string };
  const made = { id: process.env.NEXT_BUILD_ID?.trim() || randomBytes(9).toString("base64url"), time: new Date().toISOString() };
  process.env.SITE_BUILD_IDENTITY = JSON.stringify(made);
  return made;
}

/**
 * The islands script's code (src/islands/build-islands.ts), bundled once
 * per `next build` and handed down to the build's workers as thisBuild() is.
 * esbuild is loaded only here, so `next start` never needs it.
 */
async function islandsScript(buildId: string): Promise<string> {
  const inherited = process.env.SITE_ISLANDS_SCRIPT;
  if (inherited) return inherited;
  const esbuild = await import("esbuild");
  const root = process.cwd();
  const { script } = await buildIslands({
    root,
    buildId,
    esbuild,
    className: (file, local) => shortClassName({ rootContext: root, resourcePath: file }, "", local),
  });
  process.env.SITE_ISLANDS_SCRIPT = script;
  return script;
}

/**
 * The site's pages as the build starts (src/publishing/build-pages.ts), listed
 * once per `next build` and handed down to the build's workers as thisBuild()
 * is; `next start` and `next dev` list nothing.
 */
async function pagesAtBuild(): Promise<string> {
  const inherited = process.env.SITE_BUILD_PAGES;
  if (inherited) return inherited;
  const pages = await listBuildPages();
  process.env.SITE_BUILD_PAGES = pages;
  return pages;
}

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

export default async function nextConfig(phase: string): Promise<NextConfig> {
  if (phase === PHASE_PRODUCTION_BUILD) checkSiteUrl();
  const development = phase === PHASE_DEVELOPMENT_SERVER;
  // Published pages load the islands script instead of Next.js's runtime (src/pages/_document.tsx);
  // `next dev` hydrates every page (Next.js keeps its runtime there for hot reload) and needs none.
  const islandsCode = phase === PHASE_PRODUCTION_BUILD ? await islandsScript(build.id) : undefined;
  const islands = islandsCode === undefined ? {} : { SITE_ISLANDS_SCRIPT: islandsCode };
  // The pages this build makes, for the webhook's "every page" (src/publishing/build-pages.ts).
  const pages = phase === PHASE_PRODUCTION_BUILD ? { SITE_BUILD_PAGES: await pagesAtBuild() } : {};
  // Every response gets the published policy; only a draft rendered for the
  // Visual Editor gets the preview one, set by the document (src/security/page-policies.ts).
  // The pages carry the display font's head script and the build's islands script inline (src/pages/_document.tsx):
  // the policy names their hashes.
  const inlineScripts = [displayFontHeadScript(), ...(islandsCode === undefined ? [] : [islandsCode])];
  const headers = pageHeaders({ development, inlineScripts });
  return {
    // NEXT_DIST_DIR also gives the hostile-content browser test its second build (.next/hostile).
    ...buildOutput,
    env: { ...buildOutput.env, ...islands, ...pages, SITE_PAGE_HEADERS: JSON.stringify(headers) },
    // The document inlines each page's CSS, read from the build's static/css (src/document/InlineCssHead.tsx):
    // traced into every page's files, so a serverless function has it too.
    outputFileTracingIncludes: { "/**": [`./${distDir()}/static/css/**/*.css`] },
    // English at `/`, every other language under its code (`/nl`). No redirect by Accept-Language
    // (localeDetection: false): a shared link shows what its sender saw, crawlers index each
    // version at its own address, and the header's switcher is one click (docs/languages.md).
    i18n: { locales: [...LOCALES], defaultLocale: DEFAULT_LOCALE, localeDetection: false },
    reactStrictMode: true,
    poweredByHeader: false,
    // The server compresses and tags answers at its door instead (src/http/compression/compress-responses.ts,
    // installed by src/instrumentation-node.ts): a cached page compressed and hashed once, not per request,
    // Brotli where a browser takes it, and its ETag answered with a 304. `next dev` keeps Next.js's own.
    compress: development,
    generateEtags: development,
    // The proxy redirects `/x/` to `/x` instead (src/proxy.ts): Next.js's own
    // redirect answers before headers() and carried no security headers.
    skipTrailingSlashRedirect: true,
    experimental: {
      // The site has no app router (src/app): the pages router's filter for
      // paths that belong to it (a bloom filter and its matching, in every
      // page's main chunk) never finds one. Back on with the first app route.
      clientRouterFilter: false,
    },
    // The repository has other TypeScript trees (codegen/, bin/, tests/); Next only builds src/pages.
    // NEXT_SKIP_TYPECHECK=1 only for builds of code the same run type-checks (npm test's builds; .ci/run's `npm start` on Node 20).
    typescript: { tsconfigPath: "tsconfig.json", ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
    images: {
      // Local assets are served from /assets (content/assets, copied at build) and
      // Storyblok assets from its CDN; both are already sized by the content owner.
      remotePatterns: [{ protocol: "https", hostname: "a.storyblok.com" }],
    },
    webpack(config: { module?: { rules?: unknown } }) {
      // Short CSS Modules class names (src/document/short-class-names.ts), in `next dev` too, so it serves
      // the markup production does; the islands script names the same classes with the same function.
      if (applyShortClassNames(config.module?.rules) === 0)
        throw new Error("next.config: found no CSS Modules loader to give short class names");
      return config;
    },
    async rewrites() {
      // Before the pages: the Visual Editor's requests in draft mode go to the page that hydrates (src/preview/preview-entry.ts).
      return { beforeFiles: editorRewrites(), afterFiles: [], fallback: [] };
    },
    async headers() {
      // When several rules match, the later one's headers win (Next.js headers()). With i18n, Next.js
      // prefixes every source with the locales unless it says `locale: false`: the catch-all and the
      // build's own files (/_next/static, which no locale prefixes) say so, or those files would get no
      // security headers. Files in public/ (islands, fonts) are matched by their locale-prefixed path
      // (/en/fonts/…), so their rules keep the prefix.
      return [
        // The published policy, whatever the cookies: a draft-mode cookie alone
        // does not make a draft (src/security/page-policies.ts).
        { source: "/:path*", locale: false, headers: headers.published },
        // Last, so it wins on the build's own files.
        { source: "/_next/static/:path*", locale: false, headers: securityHeaders(STATIC_FILE_DIRECTIVES, { development }) },
        {
          source: "/islands/:path*",
          headers: [
            ...securityHeaders(STATIC_FILE_DIRECTIVES, { development }),
            // Each name carries its content's hash (src/islands/build-islands.ts): a new script is a new URL.
            { key: "Cache-Control", value: "public, max-age=31536000, immutable" },
          ],
        },
        {
          source: "/fonts/:file",
          headers: [
            ...securityHeaders(STATIC_FILE_DIRECTIVES, { development }),
            // Each name carries its file's hash (npm run fonts): a new font is a new URL.
            { key: "Cache-Control", value: "public, max-age=31536000, immutable" },
          ],
        },
      ];
    },
  };
}
