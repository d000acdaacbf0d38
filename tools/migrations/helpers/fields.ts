/** Field-level helpers: rename a field, fill a missing value. */
import { translatedKey, translationKey } from "./translations";

/**
 * `block` with `from` renamed to `to`, in the same place among its fields (so the story's diff shows one changed
 * line), and its translations with it: `from__i18n__nl` becomes `to__i18n__nl`.
 */
export function renameField<B extends object, F extends keyof B & string, T extends string>(
  block: B,
  from: F,
  to: T,
): Omit<B, F> & { [K in T]: B[F] } {
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block)) {
    const translation = translationKey(key);
    renamed[key === from ? to : translation?.[0] === from ? translatedKey(to, translation[1]) : key] = value;
  }
  return renamed as Omit<B, F> & { [K in T]: B[F] };
}

/** The value, or `fallback` where Storyblok would show the field empty (missing, null or ""). */
export function orDefault<T>(value: T | undefined | null, fallback: T): T {
  return value === undefined || value === null || value === "" ? fallback : value;
}
