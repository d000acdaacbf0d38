// Prints "<passed> <failed>" from a vitest or Playwright JSON report.
import { readFileSync } from "node:fs";

const [kind, file] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, "utf8"));

if (kind === "vitest") {
  // A file that fails to load has no tests but a failed suite: count it as one failure.
  const brokenFiles = (report.testResults ?? []).filter((r) => r.status === "failed" && (r.assertionResults ?? []).length === 0).length;
  console.log(`${report.numPassedTests} ${report.numFailedTests + brokenFiles}`);
} else if (kind === "playwright") {
  const s = report.stats ?? {};
  const errors = (report.errors ?? []).length;
  console.log(`${(s.expected ?? 0) + (s.flaky ?? 0)} ${(s.unexpected ?? 0) + errors}`);
} else {
  throw new Error(`unknown report kind: ${kind}`);
}
