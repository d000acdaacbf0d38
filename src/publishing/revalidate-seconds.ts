/**
 * REVALIDATE_SECONDS: how long a page may be served before Next.js
 * regenerates it on the next request, whatever webhooks did or did not
 * arrive (a missed or misrouted webhook, a map that could not rule a page
 * out). Default an hour; `0` turns the time basis off (pages change only by
 * webhook); anything else that is not a whole number of seconds up to a year
 * is warned about once and the default is used, so a typo never turns the
 * safety net off.
 *
 * Read on every render, not once: Next.js takes `revalidate` from each
 * getStaticProps result. The build's value becomes each prerendered page's
 * first lifetime (the prerender manifest's initialRevalidateSeconds); the
 * server's value applies from the page's next regeneration on, and at once
 * to pages first rendered by the server. So build and serve with the same
 * value.
 */
export const DEFAULT_REVALIDATE_SECONDS = 3600;
/** Next.js warns above a year ("This may have been done in error"): a longer interval is taken for a mistake. */
const MAX_REVALIDATE_SECONDS = 31_536_000;

export type RevalidateSetting = number | false;

export type ParsedRevalidate = { ok: true; value: RevalidateSetting } | { ok: false; problem: string };

export function parseRevalidateSeconds(raw: string | undefined): ParsedRevalidate {
  const text = raw?.trim() ?? "";
  if (text === "") return { ok: true, value: DEFAULT_REVALIDATE_SECONDS };
  // Digits only: Number() would also take "1e3", "0x10", " 12 " or "3600.5", and Next.js refuses fractions.
  if (!/^\d+$/.test(text)) return { ok: false, problem: "not a whole number of seconds" };
  const seconds = Number(text);
  if (seconds > MAX_REVALIDATE_SECONDS) return { ok: false, problem: `over a year (${MAX_REVALIDATE_SECONDS} s)` };
  // Next.js refuses `revalidate: 0`; `false` is its "only when asked" (webhooks).
  return { ok: true, value: seconds === 0 ? false : seconds };
}

const warned = new Set<string>();

/** The `revalidate` the pages return, from the environment now; a malformed value is warned about once per value. */
export function revalidateSeconds(
  env: Readonly<Record<string, string | undefined>> = process.env,
  warn: (line: string) => void = console.warn,
): RevalidateSetting {
  const raw = env.REVALIDATE_SECONDS;
  const parsed = parseRevalidateSeconds(raw);
  if (parsed.ok) return parsed.value;
  if (!warned.has(raw!)) {
    warned.add(raw!);
    warn(
      `REVALIDATE_SECONDS=${JSON.stringify(raw)} is ${parsed.problem}; pages regenerate every ${DEFAULT_REVALIDATE_SECONDS} s instead (0 turns the time basis off).`,
    );
  }
  return DEFAULT_REVALIDATE_SECONDS;
}
