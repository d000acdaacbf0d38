/**
 * The pages' time basis: the home and project pages' getStaticProps, against
 * the local content API over HTTP, return REVALIDATE_SECONDS as read at that
 * render (the build's renders and the server's alike), `false` for 0, and
 * the default for a malformed value; a project that is gone gets the same
 * lifetime, so it does not stay a 404 once published again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "../content/cdn-harness";
import { pageDataFunctions, siteReadsFrom, type PageGetStaticProps } from "../content/site-on-cdn";

let cdn: RunningCdn;
let home: PageGetStaticProps;
let project: PageGetStaticProps;
beforeAll(async () => {
  cdn = await startCdn(EMBEDDED_CONTENT);
  siteReadsFrom(cdn);
  ({ home, project } = await pageDataFunctions());
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await cdn.close();
});

const renders: [string, () => Promise<Record<string, unknown>>][] = [
  ["/ at build", () => home({ revalidateReason: "build" })],
  ["/ regenerated", () => home({ revalidateReason: "on-demand" })],
  ["/projects/fieldnotes at build", () => project({ params: { slug: ["fieldnotes"] }, revalidateReason: "build" })],
  ["/projects/fieldnotes when stale", () => project({ params: { slug: ["fieldnotes"] }, revalidateReason: "stale" })],
  ["a project that is gone (404)", () => project({ params: { slug: ["gone"] }, revalidateReason: "on-demand" })],
];

describe.each([
  ["unset", undefined, 3600],
  ["2", "2", 2],
  ["0", "0", false],
  ["malformed", "soon", 3600],
] as const)("REVALIDATE_SECONDS %s", (_name, raw, expected) => {
  it.each(renders)("%s", async (_page, render) => {
    vi.stubEnv("REVALIDATE_SECONDS", raw);
    const result = await render();
    expect(result.revalidate).toBe(expected);
    expect("props" in result || result.notFound === true).toBe(true);
  });
});
