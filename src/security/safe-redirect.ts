/**
 * Preview entry and exit redirect to a path they are given. Anything but one
 * of this site's own paths would make them an open redirect ("/api/preview/
 * exit?path=https://evil" sending visitors elsewhere under our name), so a
 * target is reduced to path + query + hash on our own origin, or refused.
 *
 * The order matters: the target is parsed and normalised first, and only the
 * normalised result is checked. Checking the raw text first let
 * "/..//evil.example" through: it starts with one slash, but normalising
 * "/.." away leaves "//evil.example", which a browser reads as another host.
 */

/** A placeholder origin: only used to let URL resolve the target the way a browser would. */
const HERE = "http://site.invalid";

/** Longer targets are refused: no page of the site has such an address, and a Location header should stay small. */
const MAX_REDIRECT_LENGTH = 2048;

/** Control characters, whitespace and backslashes: URL parsers strip or rewrite them in ways that differ between readers. */
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/;

/** `target` as a path of this site ("/projects/x?a=1"), or `fallback` when it is not one. */
export function ownPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!target.startsWith("/") || UNSAFE_CHARACTERS.test(target)) return fallback;
  const path = normalisedPath(target);
  return path !== undefined && isOwnPath(path) ? path : fallback;
}

/** The target as a browser resolves it against our origin, or undefined when it leaves it. */
function normalisedPath(target: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return undefined;
  }
  if (url.origin !== HERE) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A normalised path that a browser, reading it back from a Location header,
 * resolves to this site and to the same path: one leading slash, not two
 * (protocol-relative) and not slash-backslash, and stable when parsed again.
 */
function isOwnPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || UNSAFE_CHARACTERS.test(path)) return false;
  return normalisedPath(path) === path;
}
