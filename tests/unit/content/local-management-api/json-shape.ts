/**
 * Compares an answer's shape with a documented example: every key the
 * example has must be in the answer, with a value of the same JSON type,
 * recursively; array elements are compared with the example's first
 * element. Extra keys in the answer are fine (examples show a subset), and
 * a documented `null` accepts anything (the docs write `null` for optional
 * fields left unset). Values themselves (ids, times, names) may differ.
 */
export function shapeMismatches(documented: unknown, actual: unknown, path = "$"): string[] {
  if (documented === null) return [];
  const want = jsonType(documented);
  const got = jsonType(actual);
  if (want !== got) return [`${path}: documented ${want}, answered ${got}`];
  if (want === "array") {
    const [example] = documented as unknown[];
    if (example === undefined) return [];
    return (actual as unknown[]).flatMap((item, i) => shapeMismatches(example, item, `${path}[${i}]`));
  }
  if (want === "object") {
    const answered = actual as Record<string, unknown>;
    return Object.entries(documented as Record<string, unknown>).flatMap(([key, value]) =>
      key in answered ? shapeMismatches(value, answered[key], `${path}.${key}`) : [`${path}.${key}: documented, not answered`],
    );
  }
  return [];
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
