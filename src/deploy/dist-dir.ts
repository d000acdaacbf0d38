/**
 * The build's output folder: NEXT_DIST_DIR when set (a second build beside
 * the first, as the hostile-content browser test makes), else Next.js's
 * `.next`. next.config.ts builds there, and the document reads the build's
 * CSS from there (src/document/InlineCssHead.tsx).
 */
export function distDir(): string {
  return process.env.NEXT_DIST_DIR?.trim() || ".next";
}
