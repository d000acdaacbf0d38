/**
 * Preview entry and exit redirect to a path they are given. Anything but one
 * of this site's own paths would make them an open redirect ("/api/preview/
 * exit?path=https://evil" sending visitors elsewhere under our name), so a
 * target is reduced to path + query + hash on our own origin, or refused.
 */

/** A placeholder origin: only used to let URL resolve the target the way a browser would. */
const HERE = "http://site.invalid";

/** `target` as a path of this site ("/projects/x?a=1"), or `fallback` when it is not one. */
export function ownPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  // "//evil" and "/\evil" are protocol-relative to browsers; control characters
  // and whitespace are stripped by URL parsers in ways that can turn into either.
  if (/^\/[\\/]/.test(target) || /[\u0000-\u0020\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
