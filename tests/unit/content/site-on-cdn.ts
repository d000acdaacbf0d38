/**
 * The site's own pages reading the local CDN over HTTP, as a deployed site
 * reads Storyblok: the environment the process-wide content queries read
 * once, on their first use, and the pages' data functions imported after it.
 */
import { vi } from "vitest";
import type { RunningCdn } from "./cdn-harness";

/** A page's getStaticProps, in the parts of Next.js's context the tests hand it. */
export type PageGetStaticProps = (context: {
  params?: { slug: string[] };
  revalidateReason?: "build" | "stale" | "on-demand";
  locale?: string;
}) => Promise<Record<string, unknown>>;

/**
 * Points the site's content at `cdn` (published content only; drafts too with
 * `preview`). Before the first import of a page or route: their clients read
 * the environment once. `vi.unstubAllEnvs()` undoes it.
 */
export function siteReadsFrom(cdn: RunningCdn, { preview = false }: { preview?: boolean } = {}): void {
  vi.stubEnv("CONTENT_SOURCE", "storyblok");
  vi.stubEnv("STORYBLOK_TOKEN", cdn.token);
  vi.stubEnv("STORYBLOK_API_URL", `${cdn.url}/v2`);
  vi.stubEnv("STORYBLOK_PREVIEW_TOKEN", preview ? cdn.previewToken : undefined);
}

/** The home page's and the project page's getStaticProps, as Next.js loads them. */
export async function pageDataFunctions(): Promise<{ home: PageGetStaticProps; project: PageGetStaticProps }> {
  const [home, project] = await Promise.all([import("../../../src/pages/index"), import("../../../src/pages/projects/[...slug]")]);
  return {
    home: home.getStaticProps as unknown as PageGetStaticProps,
    project: project.getStaticProps as unknown as PageGetStaticProps,
  };
}
