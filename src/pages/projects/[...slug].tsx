import type { GetStaticPaths, GetStaticProps, PageConfig } from "next";
import { siteQueries } from "../../content/access/site-content";
import { localePath, pageLocale } from "../../i18n/locale-paths";
import { LOCALES } from "../../i18n/locales";
import { sitePageGate } from "../../publishing/page-gate/site-page-gate";
import { reportRegeneration } from "../../publishing/regeneration-report";
import { revalidateSeconds } from "../../publishing/revalidate-seconds";
import { folderPage, pagePath } from "../../routes/site-routes";
import ProjectPage, { type ProjectPageProps } from "../../views/ProjectPage";
import { loadProjectProps } from "../../views/project-props";

type ProjectParams = { slug: string[] };

// Published: static HTML and the islands script, no Next.js runtime (src/islands/islands-script.ts).
export const config: PageConfig = { unstable_runtimeJS: false };

export const getStaticPaths: GetStaticPaths<ProjectParams> = async () => {
  const slugs = await siteQueries().listProjectSlugs();
  // "blocking": a project published after the build renders on first request.
  // Every project in every language: translations are field-level, so each story has a page per locale.
  return { paths: LOCALES.flatMap((locale) => slugs.map((slug) => ({ params: { slug }, locale }))), fallback: "blocking" };
};

export const getStaticProps: GetStaticProps<ProjectPageProps, ProjectParams> = reportRegeneration<ProjectPageProps, ProjectParams>(
  (params, locale) => localePath(pageLocale(locale), pagePath({ kind: "project", segments: params?.slug ?? [] })),
  async (context) => {
    // A path no story can have (`fieldnotes?version=draft`, `%`, `..`) is a 404 before any content
    // request: Next.js keeps only an empty not-found entry for it, in memory.
    const page = folderPage("project", context.params?.slug ?? []);
    if (!page) return { notFound: true };
    // A first render on request for a path the site does not know: a 404 with no content request. The proxy
    // answers such paths before they get here; this holds where it could not (no copy of the not-found page).
    if (context.revalidateReason === undefined && !(await sitePageGate().isKnown(pagePath(page)))) {
      return { notFound: true, revalidate: revalidateSeconds() };
    }
    const props = await loadProjectProps(page, context);
    // A project published again later must not stay a 404: the not-found page has the same lifetime.
    if (!props) return { notFound: true, revalidate: revalidateSeconds() };
    return { props, revalidate: revalidateSeconds() };
  },
);

export default ProjectPage;
