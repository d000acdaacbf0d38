/**
 * The site's speed budget (issue 11, point 5, tightened by issue 58), relative
 * to the floor measured in the same run so that the machine's load counts
 * against both alike: Performance no lower than the floor's minus 2, LCP no
 * later than the floor's, TBT at most the floor's plus 100 ms, JavaScript at most 10 KiB
 * transferred; Accessibility, Best Practices and SEO 100 and CLS 0 outright.
 * Every figure is the median of the runs.
 */
import type { PageFigures } from "./lighthouse-run";
import { FIRST_WINDOW_BUDGET_BYTES } from "../../tests/support/document-bytes";

const JS_BUDGET_BYTES = 10 * 1024;
const PERFORMANCE_SLACK = 2;
const LCP_FACTOR = 1.0;
const TBT_SLACK_MS = 100;
/** A page's HTML, headers included, fits the first TCP congestion window, so the first paint needs one round trip (issue 58). */
const DOCUMENT_BUDGET_BYTES = FIRST_WINDOW_BUDGET_BYTES;
/** Requests a second for a cached page, at least this share of the floor's (issue 58). */
const THROUGHPUT_FACTOR = 0.8;

export interface BudgetCheck {
  name: string;
  target: string;
  measured: string;
  ok: boolean;
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure's median over the runs, taken figure by figure. */
export function medianFigures(runs: PageFigures[]): PageFigures {
  const of = (key: Exclude<keyof PageFigures, "lcpElement" | "documentProtocol">) => median(runs.map((run) => run[key]));
  return {
    performance: of("performance"),
    fcpMs: of("fcpMs"),
    lcpMs: of("lcpMs"),
    tbtMs: of("tbtMs"),
    cls: of("cls"),
    jsBytes: of("jsBytes"),
    transferBytes: of("transferBytes"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    lcpElement: runs[0]?.lcpElement ?? "unknown",
    documentProtocol: runs[0]?.documentProtocol ?? "unknown",
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${Math.round(value)} ms`;

/** The checks for one page: ours against the floor's figures from the same run. */
export function checkBudget(page: string, ours: PageFigures, floor: PageFigures): BudgetCheck[] {
  const lcpLimit = floor.lcpMs * LCP_FACTOR;
  const tbtLimit = floor.tbtMs + TBT_SLACK_MS;
  const performanceLimit = floor.performance - PERFORMANCE_SLACK;
  return [
    {
      name: `${page} Performance`,
      target: `≥ ${performanceLimit} (floor ${floor.performance} − ${PERFORMANCE_SLACK})`,
      measured: String(ours.performance),
      ok: ours.performance >= performanceLimit,
    },
    { name: `${page} LCP`, target: `≤ ${ms(lcpLimit)} (floor × ${LCP_FACTOR})`, measured: ms(ours.lcpMs), ok: ours.lcpMs <= lcpLimit },
    { name: `${page} TBT`, target: `≤ ${ms(tbtLimit)} (floor + ${TBT_SLACK_MS} ms)`, measured: ms(ours.tbtMs), ok: ours.tbtMs <= tbtLimit },
    // Bytes beside KiB: a page a few bytes over must not read as exactly on the limit.
    {
      name: `${page} JavaScript`,
      target: `≤ ${kib(JS_BUDGET_BYTES)} (${JS_BUDGET_BYTES} B)`,
      measured: `${kib(ours.jsBytes)} (${Math.round(ours.jsBytes)} B)`,
      ok: ours.jsBytes <= JS_BUDGET_BYTES,
    },
    { name: `${page} CLS`, target: "0", measured: ours.cls.toFixed(3), ok: ours.cls === 0 },
    { name: `${page} Accessibility`, target: "100", measured: String(ours.accessibility), ok: ours.accessibility === 100 },
    { name: `${page} Best Practices`, target: "100", measured: String(ours.bestPractices), ok: ours.bestPractices === 100 },
    { name: `${page} SEO`, target: "100", measured: String(ours.seo), ok: ours.seo === 100 },
  ];
}

/** The HTML of a page against the first congestion window, and its throughput against the floor's in the same run. */
export function checkOrigin(page: string, documentBytes: number, requestsPerSecond: number, floorRequestsPerSecond: number): BudgetCheck[] {
  const throughputLimit = floorRequestsPerSecond * THROUGHPUT_FACTOR;
  return [
    {
      name: `${page} document`,
      target: `≤ ${DOCUMENT_BUDGET_BYTES} B compressed, headers included`,
      measured: `${documentBytes} B`,
      ok: documentBytes <= DOCUMENT_BUDGET_BYTES,
    },
    {
      name: `${page} throughput`,
      target: `≥ ${Math.round(throughputLimit)} req/s (floor ${Math.round(floorRequestsPerSecond)} × ${THROUGHPUT_FACTOR})`,
      measured: `${Math.round(requestsPerSecond)} req/s`,
      ok: requestsPerSecond >= throughputLimit,
    },
  ];
}
