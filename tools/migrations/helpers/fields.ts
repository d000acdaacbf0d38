/** Field-level helpers: rename a field, fill a missing value. */

/** `block` with `from` renamed to `to`, in the same place among its fields (so the story's diff shows one changed line). */
export function renameField<B extends object, F extends keyof B & string, T extends string>(
  block: B,
  from: F,
  to: T,
): Omit<B, F> & { [K in T]: B[F] } {
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block)) renamed[key === from ? to : key] = value;
  return renamed as Omit<B, F> & { [K in T]: B[F] };
}

/** The value, or `fallback` where Storyblok would show the field empty (missing, null or ""). */
export function orDefault<T>(value: T | undefined | null, fallback: T): T {
  return value === undefined || value === null || value === "" ? fallback : value;
}
