import { PAINT_FIRST_BOOT } from "./paint-first-boot";

/**
 * The inline scripts the pages carry, as constants, so the
 * Content-Security-Policy can allow exactly these by hash
 * (src/site/security-headers.ts): change one and its hash follows.
 *
 * One today: the loader that starts the page's chunks after its first paint
 * (src/site/paint-first-boot.ts), the same text on every page. A page that
 * needs another renders it from a constant listed here.
 */
/** Every inline script any page renders. */
export const INLINE_SCRIPTS: readonly string[] = [PAINT_FIRST_BOOT];
