/**
 * The contact form's text cleaning on a hostile body: `cleanSingleLine`
 * over 64 KB of line breaks, bidi overrides, NULs, spaces and tabs, the
 * largest body the contact route reads. tests/unit/contact/contact-text.test.ts
 * checks what it makes of it; this measures how long it takes, which a test
 * cannot (a busy machine makes anything slow). A cleaner that is not linear
 * (a regular expression that backtracks, a string rebuilt per character)
 * takes seconds here. Target: under 200 ms; the median of BENCH_RUNS (5),
 * after one run that warms the JIT.
 *
 * Run: `npm run bench -- contact-text`.
 */
import { cleanSingleLine } from "../src/contact/rules/contact-text";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 200;
const hostile = `a${"\r\n\u202E\u0000 \t".repeat(11_000)}b`;

const time = (): number => {
  const started = performance.now();
  const cleaned = cleanSingleLine(hostile);
  const ms = performance.now() - started;
  if (!/^a[ ]+b$/.test(cleaned)) throw new Error("cleanSingleLine did not clean the hostile body to one line");
  return ms;
};

time();
const runs = Array.from({ length: RUNS }, time).sort((a, b) => a - b);
const median = runs[Math.floor(runs.length / 2)]!;
console.log("| measure | value | target | met |\n|---|---:|---:|---|");
console.log(
  `| cleanSingleLine, ${(hostile.length / 1024).toFixed(0)} KB of breaks and controls (median of ${RUNS}) | ${median.toFixed(1)} ms | < ${TARGET_MS} ms | ${median < TARGET_MS ? "yes" : "**no**"} |`,
);
