/**
 * The inline scripts the pages carry, as constants, so the
 * Content-Security-Policy can allow exactly these by hash
 * (src/site/security-headers.ts): change one and its hash follows.
 */

/**
 * Runs before first paint, only when JS runs: it lets the hero's text
 * animation hide its words until hydration animates them in. Without JS (or
 * with reduced motion) the attribute is never set and all text shows as is.
 */
export const MOTION_GATE = `try{if(!matchMedia("(prefers-reduced-motion: reduce)").matches)document.documentElement.dataset.motion="on"}catch(e){}`;

/** Every inline script any page renders. */
export const INLINE_SCRIPTS: readonly string[] = [MOTION_GATE];
