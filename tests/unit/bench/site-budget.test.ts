import { describe, expect, it } from "vitest";
import { checkBudget, checkOrigin, median, medianFigures } from "../../../bench/site/budget";
import type { PageFigures } from "../../../bench/site/lighthouse-run";

/** A floor page as Lighthouse mobile measures a bare Next.js 16 page. */
const floor: PageFigures = {
  performance: 99,
  fcpMs: 1000,
  lcpMs: 1200,
  tbtMs: 40,
  cls: 0,
  jsBytes: 114 * 1024,
  transferBytes: 115 * 1024,
  accessibility: 90,
  bestPractices: 100,
  seo: 82,
  lcpElement: "main > h1",
  documentProtocol: "h2",
};
const passing: PageFigures = {
  performance: 97,
  fcpMs: 1000,
  lcpMs: 1200,
  tbtMs: 140,
  cls: 0,
  jsBytes: 10 * 1024,
  transferBytes: 40 * 1024,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpElement: "main > h1",
  documentProtocol: "h2",
};

function failed(ours: PageFigures): string[] {
  return checkBudget("/", ours, floor)
    .filter((check) => !check.ok)
    .map((check) => check.name);
}

describe("site speed budget", () => {
  it("passes a page exactly at every limit", () => {
    expect(failed(passing)).toEqual([]);
  });

  it.each<[string, Partial<PageFigures>, string]>([
    ["Performance more than 2 under the floor", { performance: 96 }, "/ Performance"],
    ["LCP later than the floor's", { lcpMs: 1201 }, "/ LCP"],
    ["TBT over the floor's + 100 ms", { tbtMs: 141 }, "/ TBT"],
    ["JavaScript over 10 KiB", { jsBytes: 10 * 1024 + 1 }, "/ JavaScript"],
    ["any layout shift", { cls: 0.001 }, "/ CLS"],
    ["Accessibility under 100", { accessibility: 98 }, "/ Accessibility"],
    ["Best Practices under 100", { bestPractices: 96 }, "/ Best Practices"],
    ["SEO under 100", { seo: 92 }, "/ SEO"],
  ])("misses on %s", (_, change, name) => {
    expect(failed({ ...passing, ...change })).toEqual([name]);
  });

  it("is relative to the floor of the same run: a slower floor allows a slower page", () => {
    const busyFloor = { ...floor, performance: 90, lcpMs: 2000, tbtMs: 300 };
    const busyOurs = { ...passing, performance: 88, lcpMs: 2000, tbtMs: 400 };
    expect(checkBudget("/", busyOurs, busyFloor).every((check) => check.ok)).toBe(true);
    expect(failed(busyOurs)).toEqual(["/ Performance", "/ LCP", "/ TBT"]);
  });
});

describe("origin budget: the HTML in the first congestion window, throughput against the floor's", () => {
  const missed = (bytes: number, rps: number, floorRps: number) =>
    checkOrigin("/", bytes, rps, floorRps)
      .filter((check) => !check.ok)
      .map((check) => check.name);

  it.each<[string, number, number, number, string[]]>([
    ["passes at both limits", 14_000, 800, 1000, []],
    ["misses on one byte over 14,000", 14_001, 800, 1000, ["/ document"]],
    ["misses under 0.8× the floor's requests a second", 14_000, 799, 1000, ["/ throughput"]],
    ["is relative to the floor of the same run", 9_000, 400, 500, []],
  ])("%s", (_, bytes, rps, floorRps, want) => {
    expect(missed(bytes, rps, floorRps)).toEqual(want);
  });
});

describe("medians over runs", () => {
  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
  ])("median of %j is %d", (values, want) => {
    expect(median(values)).toBe(want);
  });

  it("takes each figure's median on its own, so one noisy run does not decide", () => {
    const runs = [
      { ...passing, performance: 60, lcpMs: 900 },
      { ...passing, performance: 95, lcpMs: 5000 },
      { ...passing, performance: 97, lcpMs: 1000 },
    ];
    expect(medianFigures(runs)).toMatchObject({ performance: 95, lcpMs: 1000 });
  });

  it("refuses to summarise no runs", () => {
    expect(() => median([])).toThrow(/no values/);
  });
});
