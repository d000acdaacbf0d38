/**
 * The one ordering used for everything the generator sorts. The locale is
 * pinned so output is byte-identical on every machine; `numeric` puts
 * `HeroV2` before `HeroV10`.
 */
export function compareNames(a: string, b: string): number {
  return a.localeCompare(b, "en-us", { numeric: true }) || (a < b ? -1 : a > b ? 1 : 0);
}

export function sortedBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareNames(key(a), key(b)));
}
