/**
 * The project page's getStaticProps against the local CDN over HTTP (as a
 * deployed site reads Storyblok): an address that cannot be a slug answers
 * notFound before any content request, the cv refresh included; a real
 * project still renders its published version.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "./cdn-harness";
import { pageDataFunctions, siteReadsFrom, type PageGetStaticProps } from "./site-on-cdn";

let cdn: RunningCdn;
let getStaticProps: PageGetStaticProps;
beforeAll(async () => {
  cdn = await startCdn(EMBEDDED_CONTENT);
  // Read once by the page's process-wide queries, on their first use below.
  siteReadsFrom(cdn);
  ({ project: getStaticProps } = await pageDataFunctions());
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await cdn.close();
});

describe("/projects/[...slug] getStaticProps", () => {
  const refused: [string, string[]][] = [
    ["/projects/fieldnotes%3Fversion%3Ddraft%26r%3D1", ["fieldnotes?version=draft&r=1"]],
    ["/projects/%25", ["%"]],
    ["/projects/fieldnotes%253F", ["fieldnotes%3F"]],
    ["/projects/2024%2Fatlas", ["2024/atlas"]],
    ["/projects/fieldnotes%23x", ["fieldnotes#x"]],
  ];
  it.each(refused)("%s: notFound, no content request", async (_address, slug) => {
    const before = cdn.requests.length;
    for (const revalidateReason of ["stale", "on-demand", undefined] as const) {
      expect(await getStaticProps({ params: { slug }, revalidateReason })).toEqual({ notFound: true });
    }
    expect(cdn.requests.slice(before).map((r) => r.url.pathname)).toEqual([]);
  });

  it("/projects/fieldnotes renders the published headline", async () => {
    const result = (await getStaticProps({ params: { slug: ["fieldnotes"] }, revalidateReason: "stale" })) as {
      props: { story: { content: { title: string } } };
    };
    expect(result.props.story.content.title).toBe("Fieldnotes: an offline-first notebook for field ecologists");
    expect(cdn.requests.every((r) => r.url.searchParams.get("token") === cdn.token)).toBe(true);
  });
});
