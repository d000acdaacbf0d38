/**
 * One Lighthouse run (mobile, its default preset: a mid-range phone on slow
 * 4G with simulated throttling) reduced to the figures the site's budget is
 * about. Chromium is Debian's, started once by chrome-launcher with the
 * flags the browser tests use, and shared by every run: Lighthouse resets
 * storage and cache before each navigation itself.
 */
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { OFFLINE_CHROMIUM_FLAGS } from "../../tests/support/chromium-flags";

export interface PageFigures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of JavaScript over the wire (compressed), all scripts of the page. */
  jsBytes: number;
  /** Bytes over the wire for everything the page loaded (Lighthouse's transfer sizes). */
  transferBytes: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** What Lighthouse found as the largest contentful paint, for the log (not budgeted). */
  lcpElement: string;
  /** The protocol the page's HTML came over ("http/1.1", "h2"): the bench checks the transport it meant to measure. */
  documentProtocol: string;
}

/** When the page first painted and when its largest paint came, loaded with real throttling (see measurePaint). */
export interface PaintFigures {
  fcpMs: number;
  lcpMs: number;
}

/** Headless, and off the (closed) network like the browser tests. */
const CHROME_FLAGS = ["--headless=new", ...OFFLINE_CHROMIUM_FLAGS];

export interface Browser {
  port: number;
  close(): Promise<void>;
}

function chromePath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

/** Fails early, before minutes of building, when there is no browser to measure with. */
export async function assertBrowserInstalled(): Promise<void> {
  await access(chromePath(), constants.X_OK).catch(() => {
    throw new Error(`no Chromium at ${chromePath()}: run scripts/ensure-chromium.sh, or set CHROMIUM_PATH`);
  });
}

/** Chromium for the runs; `trustedSpkiHash` is the public key of a certificate it accepts without a CA (the bench's HTTPS front, site/https-front.ts). */
export async function launchBrowser(trustedSpkiHash?: string): Promise<Browser> {
  const chromeFlags = trustedSpkiHash ? [...CHROME_FLAGS, `--ignore-certificate-errors-spki-list=${trustedSpkiHash}`] : CHROME_FLAGS;
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags, logLevel: "silent" });
  return { port: chrome.port, close: async () => chrome.kill() };
}

function score(value: number | null | undefined): number {
  return Math.round((value ?? 0) * 100);
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** One Lighthouse run (mobile preset) of `url`, with these categories and throttling: its report, or an error saying why there is none. */
async function run(browser: Browser, url: string, settings: { onlyCategories: string[]; throttlingMethod?: "devtools" }): Promise<Report> {
  const result = await lighthouse(url, { port: browser.port, output: "json", logLevel: "error", ...settings });
  if (!result) throw new Error(`lighthouse returned no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** An audit's figure from a report; an error naming the audit and the page when Lighthouse gave none. */
function figure(lhr: Report, id: string, url: string): number {
  const found = lhr.audits[id];
  if (!found || typeof found.numericValue !== "number")
    throw new Error(`lighthouse gave no ${id} for ${url}: ${found?.errorMessage ?? "missing"}`);
  return found.numericValue;
}

/** The rows of an audit that gives a table (resource-summary, network-requests, …); none when it gave no table. */
function tableRows<Row>(lhr: Report, id: string): Row[] {
  const details = lhr.audits[id]?.details;
  return details && "items" in details ? (details.items as Row[]) : [];
}

export async function measure(browser: Browser, url: string): Promise<PageFigures> {
  const lhr = await run(browser, url, { onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
  const audit = (id: string) => figure(lhr, id, url);
  const summary = tableRows<{ resourceType?: string; transferSize?: number }>(lhr, "resource-summary");
  const scripts = summary.find((row) => row.resourceType === "script");
  const total = summary.find((row) => row.resourceType === "total");
  const lcpNode = JSON.stringify(tableRows<unknown>(lhr, "largest-contentful-paint-element")[0] ?? {}).match(/"selector":"([^"]*)"/)?.[1];
  const html = tableRows<{ resourceType?: string; protocol?: string }>(lhr, "network-requests").find(
    (row) => row.resourceType === "Document",
  );
  return {
    performance: score(lhr.categories.performance?.score),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    jsBytes: scripts?.transferSize ?? 0,
    transferBytes: total?.transferSize ?? 0,
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories["best-practices"]?.score),
    seo: score(lhr.categories.seo?.score),
    lcpElement: lcpNode ?? "unknown",
    documentProtocol: html?.protocol ?? "unknown",
  };
}

/**
 * The same mobile preset with Lighthouse's other throttling method,
 * "devtools": the page really loads over a network slowed to the preset's
 * latency and bandwidth, on a slowed CPU, and the paints are the ones
 * Chromium reported. The default method (measure above, the budget's)
 * loads the page unthrottled and simulates the slow network from that
 * load's requests: every request that ended before the unthrottled first
 * paint counts as one the paint waited for, render-blocking or not (on this
 * loopback server, all of a page's images, fonts and scripts). This one
 * tells what a stylesheet or a script really holds up. Reported beside the
 * budget, not part of it.
 */
export async function measurePaint(browser: Browser, url: string): Promise<PaintFigures> {
  const lhr = await run(browser, url, { onlyCategories: ["performance"], throttlingMethod: "devtools" });
  return { fcpMs: figure(lhr, "first-contentful-paint", url), lcpMs: figure(lhr, "largest-contentful-paint", url) };
}
