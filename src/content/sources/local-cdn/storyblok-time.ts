/** Dates as Storyblok's filter parameters and content fields write them. */

/**
 * A time as Storyblok's parameters write it, `yyyy-MM-dd HH:mm` (seconds, a `T` and a
 * zone accepted too), in UTC unless it names a zone. NaN when it is not a date.
 */
export function storyblokTime(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(value.trim());
  if (!match) return Number.NaN;
  const [, y, mo, d, h = "0", mi = "0", s = "0", fraction = "", zone] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Math.round(Number(fraction || 0) * 1000));
  if (!zone || zone.toUpperCase() === "Z") return utc;
  const sign = zone.startsWith("-") ? -1 : 1;
  const [zh, zm] = [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
  return utc - sign * (zh * 60 + zm) * 60_000;
}
