/**
 * The security headers every response carries (next.config.ts headers()).
 * The policy is a map of directives so another policy (the Visual Editor
 * preview adds its bridge's origin and frame-ancestors) can be merged in
 * with `mergeDirectives` instead of editing a string.
 */
export type CspDirectives = Record<string, readonly string[]>;

export interface PolicyOptions {
  /** `next dev`: its refresh runtime needs inline code, eval and the dev server's websocket. */
  development?: boolean;
  /** Hash sources (`'sha256-…'`) of the inline scripts the pages carry: the islands script (page-policies.ts). */
  scriptHashes?: readonly string[];
}

export function siteDirectives({ development = false, scriptHashes = [] }: PolicyOptions = {}): CspDirectives {
  return {
    "default-src": ["'self'"],
    // Scripts from the site itself, and the inline scripts named by their hashes: the islands script,
    // the same on every page of a build. Any other inline script is refused (Next.js's chunks are files;
    // `__NEXT_DATA__` is JSON, which no policy governs).
    // Except in `next dev`: its overlay and refresh runtime inline and eval code.
    "script-src": development ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", ...scriptHashes],
    // React's style attributes (animations, image placeholders) are inline styles.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Storyblok's asset CDN; data: for inline SVG placeholders.
    "img-src": ["'self'", "data:", "blob:", "https://a.storyblok.com"],
    // Fonts come from the site itself, which default-src says already: every byte of a page's headers counts
    // towards its first round trip (issue 58). connect-src stays, as the preview policy adds the bridge's origins.
    "connect-src": ["'self'", ...(development ? ["ws:"] : [])],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
}

/**
 * The policy for the build's static files (scripts, styles, fonts under
 * /_next/static and /fonts). A policy only acts on a response the browser
 * renders as a document, and these never should be one: if one is opened
 * directly, nothing in it may load or run. It also keeps each of a page's
 * dozen static responses about 250 bytes lighter than the site's full policy,
 * which counts on a phone's first load.
 */
export const STATIC_FILE_DIRECTIVES: CspDirectives = {
  "default-src": ["'none'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/** Both policies' sources per directive, without duplicates; a directive only one has is kept as is. */
export function mergeDirectives(base: CspDirectives, extra: CspDirectives): CspDirectives {
  const merged: Record<string, string[]> = Object.fromEntries(Object.entries(base).map(([name, sources]) => [name, [...sources]]));
  for (const [name, sources] of Object.entries(extra)) {
    const current = merged[name] ?? [];
    merged[name] = [...current, ...sources.filter((source) => !current.includes(source))];
  }
  return merged;
}

export function serialiseCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

export interface Header {
  key: string;
  value: string;
}

/**
 * The headers for next.config.ts; `directives` defaults to the site's own policy.
 * `next dev` gets no nosniff: it serves a manifest script as application/json.
 */
export function securityHeaders(directives: CspDirectives = siteDirectives(), { development = false } = {}): Header[] {
  return [
    { key: "Content-Security-Policy", value: serialiseCsp(directives) },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ...(development ? [] : [{ key: "X-Content-Type-Options", value: "nosniff" }]),
    // Nothing on the site needs these; denying them stops embedded content asking.
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
  ];
}
