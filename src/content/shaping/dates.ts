/**
 * Storyblok datetime fields arrive as "2024-03-01 00:00" (no zone). Dates in
 * a portfolio are calendar facts, not instants, so they are read and printed
 * in UTC: the same text on the server and in every visitor's browser.
 */
export function parseStoryblokDate(value: string | undefined): Date | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const [, year, month, day] = match;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
}

const monthYearFormats = new Map<string, Intl.DateTimeFormat>();

/** "Feb 2023" in English, "feb 2023" in Dutch: the month as the page's language writes it. */
export function formatMonthYear(date: Date, locale = "en-US"): string {
  let format = monthYearFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" });
    monthYearFormats.set(locale, format);
  }
  return format.format(date);
}

/** "Mar 2021 – Present" for a running position, "Mar 2021 – Jun 2023" otherwise. */
export function formatPeriod(start: string | undefined, end: string | undefined, present = "Present", locale = "en-US"): string {
  const from = parseStoryblokDate(start);
  const to = parseStoryblokDate(end);
  if (!from) return "";
  return `${formatMonthYear(from, locale)} – ${to ? formatMonthYear(to, locale) : present}`;
}
