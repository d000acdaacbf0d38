/**
 * Whether src/proxy.ts runs for each of `paths`, as `next start` matches a
 * request against its `config.matcher` (tests/support/next-proxy-matching.cjs).
 * With i18n Next.js matches the path with its locale (`/en/projects/x`), and a
 * page's JSON at `/_next/data/<build>/<locale>/….json`.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DEFAULT_LOCALE, LOCALES } from "../../src/i18n/locales";
import { config } from "../../src/proxy";

const SCRIPT = fileURLToPath(new URL("./next-proxy-matching.cjs", import.meta.url));

export function proxyRunsFor(paths: readonly string[]): Map<string, boolean> {
  const input = JSON.stringify({ matcher: config.matcher, i18n: { locales: LOCALES, defaultLocale: DEFAULT_LOCALE }, paths });
  const answers = JSON.parse(execFileSync(process.execPath, [SCRIPT], { input, encoding: "utf8" })) as boolean[];
  return new Map(paths.map((path, index) => [path, answers[index] ?? false]));
}
