import { createHash } from "node:crypto";
import { relative } from "node:path";

/**
 * Short class names for CSS Modules in production builds (issue 11, phone speed).
 *
 * Next.js names a module's class `File_local__hash5` (`HeaderContainer_inner__0zwh_`):
 * readable, but the home page's markup and its inlined CSS repeat some 120 of
 * them, which came to 1.7 KB of the gzipped HTML, enough to push the first
 * response past the 14.6 KB a new connection delivers in its first round trip.
 * Here a class is `_` and six characters of a hash of its file and local name:
 * as stable across builds as Next.js's own, unique (checked), and the same in
 * the server's and the browser's build because both hash the same input.
 * `next dev` keeps Next.js's readable names.
 */

interface LoaderContext {
  rootContext: string;
  resourcePath: string;
}

const seen = new Map<string, string>();

export function shortClassName(context: LoaderContext, _template: string, localName: string): string {
  const key = `${relative(context.rootContext, context.resourcePath).replace(/\\+/g, "/")}#${localName}`;
  // base64url: letters, digits, `-` and `_`, all valid after the leading `_`.
  const name = `_${createHash("sha1").update(key).digest("base64url").slice(0, 6)}`;
  const earlier = seen.get(name);
  if (earlier !== undefined && earlier !== key) throw new Error(`CSS Modules: ${key} and ${earlier} hash to the same class name ${name}`);
  seen.set(name, key);
  return name;
}

/** css-loader itself (Next.js ships its own copy), not postcss-loader. */
const CSS_LOADER = /(^|[\\/])css-loader([\\/]|$)/;

interface RuleLike {
  loader?: unknown;
  options?: unknown;
  use?: unknown;
  oneOf?: unknown;
  rules?: unknown;
}

/** Replaces css-loader's module naming in every rule of a webpack config (Next.js nests them in `oneOf`). Returns how many it changed. */
export function applyShortClassNames(rules: unknown): number {
  if (!Array.isArray(rules)) return 0;
  let changed = 0;
  for (const rule of rules as RuleLike[]) {
    if (!rule || typeof rule !== "object") continue;
    const modules = (rule.options as { modules?: { getLocalIdent?: unknown } } | undefined)?.modules;
    if (typeof rule.loader === "string" && CSS_LOADER.test(rule.loader) && modules && typeof modules.getLocalIdent === "function") {
      modules.getLocalIdent = shortClassName;
      changed += 1;
    }
    changed += applyShortClassNames(rule.use) + applyShortClassNames(rule.oneOf) + applyShortClassNames(rule.rules);
  }
  return changed;
}
