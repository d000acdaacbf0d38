/**
 * The inline scripts the pages carry, as constants, so the
 * Content-Security-Policy can allow exactly these by hash
 * (src/site/security-headers.ts): change one and its hash follows.
 *
 * None today: the hero's text is painted as served (no script gates it
 * before first paint), so `script-src` is 'self' alone. A page that needs
 * one renders it from a constant listed here.
 */

/** Every inline script any page renders. */
export const INLINE_SCRIPTS: readonly string[] = [];
