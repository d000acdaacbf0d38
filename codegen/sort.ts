/**
 * The one ordering used for everything the generator sorts. The locale is
 * pinned so output is byte-identical on every machine; `numeric` puts
 * `HeroV2` before `HeroV10`.
 *
 * One collator for the process: `a.localeCompare(b, "en-us", options)` builds
 * a new collator on every call, which was most of the generator's time on a
 * 1,000-component schema.
 */
const collator = new Intl.Collator("en-us", { numeric: true });

export function compareNames(a: string, b: string): number {
  // Equal strings (a diagnostic's code within its group, say) need no trip to ICU.
  if (a === b) return 0;
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * `items` sorted by `key`, each key computed once rather than twice per
 * comparison (some keys are map lookups). The sort is stable, so equal keys
 * keep their order, as before.
 *
 * Most calls get a list already in order (normaliseSchema sorts components
 * and fields once; the emitters sort again so none depends on that): one pass
 * finds it so and returns a copy, without the keyed pairs a sort needs.
 */
export function sortedBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  if (inOrder(items, key)) return items.slice();
  const keyed = items.map((item) => ({ item, key: key(item) }));
  keyed.sort((a, b) => compareNames(a.key, b.key));
  return keyed.map((entry) => entry.item);
}

function inOrder<T>(items: readonly T[], key: (item: T) => string): boolean {
  if (items.length < 2) return true;
  let previous = key(items[0]!);
  for (let i = 1; i < items.length; i += 1) {
    const current = key(items[i]!);
    if (compareNames(previous, current) > 0) return false;
    previous = current;
  }
  return true;
}
