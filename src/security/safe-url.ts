/**
 * Content editors (and anyone who can reach the Management API) write link
 * targets, so a link is an injection point: `javascript:` or `data:` in an
 * href runs script on click. Only schemes we mean to allow pass; a caller
 * that gets `null` renders the link's text without a link.
 */
const ALLOWED_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

export function safeHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  // Browsers ignore control characters and whitespace inside a scheme
  // ("java\tscript:"), so judge the URL the way the browser will read it.
  const href = raw.trim();
  const normalised = href.replace(/[\u0000-\u0020\u007f]/g, "");
  if (isRelative(normalised)) return href;
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(normalised)?.[1]?.toLowerCase();
  return scheme && ALLOWED_SCHEMES.has(scheme) ? href : null;
}

function isRelative(href: string): boolean {
  // "//host" is protocol-relative: it leaves the site, but over the page's own
  // (http/https) scheme, so it is as safe as an absolute https link.
  if (href.startsWith("/") || href.startsWith("#") || href.startsWith("?") || href.startsWith(".")) return true;
  // No scheme before the first path, query or fragment delimiter: "about", "a/b:c".
  const firstDelimiter = href.search(/[/?#]/);
  const colon = href.indexOf(":");
  return colon === -1 || (firstDelimiter !== -1 && firstDelimiter < colon);
}

/** rel for a link that opens a new tab: the new page must not get `window.opener`. */
export function relFor(target: string | null | undefined): string | undefined {
  return target === "_blank" ? "noopener noreferrer" : undefined;
}
