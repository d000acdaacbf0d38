/**
 * A translatable field's other languages, as Storyblok's Management API stores
 * them: beside the field, `title__i18n__nl` is `title` in Dutch. A block function
 * gets them as keys of the block its types do not name; these helpers carry them
 * along wherever the field goes (renameField and moveInto do the same), so a
 * migration never leaves a translation behind its field, or of the old shape.
 */

/** The Management API's mark between a field's key and a language code. */
const MARK = "__i18n__";

/** `title__i18n__nl` → `["title", "nl"]`; undefined for a key that is no translation. */
export function translationKey(key: string): [field: string, code: string] | undefined {
  const at = key.lastIndexOf(MARK);
  return at > 0 ? [key.slice(0, at), key.slice(at + MARK.length)] : undefined;
}

/** The key of `field`'s value in language `code`. */
export function translatedKey(field: string, code: string): string {
  return `${field}${MARK}${code}`;
}

/** Each language's value of `field` in `block`, by language code (the keys it has, empty ones too). */
export function translationsOf<B extends object, F extends keyof B & string>(block: B, field: F): Record<string, B[F]> {
  const found: Record<string, B[F]> = {};
  for (const [key, value] of Object.entries(block)) {
    const parts = translationKey(key);
    if (parts !== undefined && parts[0] === field) found[parts[1]] = value as B[F];
  }
  return found;
}

/** `field` in language `code`; undefined where it has no translation there ("" and null are none: the default language's value is served). */
export function translationOf<B extends object, F extends keyof B & string>(block: B, field: F, code: string): B[F] | undefined {
  const value = (block as Record<string, unknown>)[translatedKey(field, code)];
  // A key the block lacks reads undefined already.
  return value === null || value === "" ? undefined : (value as B[F] | undefined);
}

/** `block` without the translations of `fields`: a field removed, or no longer translatable (its translations would never be served). */
export function dropTranslations<B extends object>(block: B, ...fields: readonly string[]): B {
  const dropped = new Set(fields);
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block)) {
    const parts = translationKey(key);
    if (parts === undefined || !dropped.has(parts[0])) kept[key] = value;
  }
  return kept as B;
}

/**
 * `field` converted in every language: `{ field: convert(value), field__i18n__nl: convert(its Dutch value), … }`,
 * to spread into the block a function returns (after the block itself, so the converted values win). A text
 * made rich text is rich text in Dutch too. An empty translation ("" or null) is none and is left out: the
 * converted default value stands in for it, as the unconverted one did.
 */
export function convertField<B extends object, F extends keyof B & string, R>(
  block: B,
  field: F,
  convert: (value: B[F]) => R,
): { [K in F]: R } {
  const converted: Record<string, unknown> = { [field]: convert(block[field]) };
  for (const [code, value] of Object.entries(translationsOf(block, field))) {
    converted[translatedKey(field, code)] = value === null || value === "" ? undefined : convert(value);
  }
  return converted as { [K in F]: R };
}
