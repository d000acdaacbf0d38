import type { GetStaticPaths, GetStaticProps } from "next";
import dynamic from "next/dynamic";
import { getPageStory, getProjectStory, getSiteConfig, HOME_SLUG, isProjectSlug, listProjectSlugs, refreshContentFor } from "../../content/queries";
import { liveProps, loadForPreview } from "../../preview/page-preview";
import { reportRegeneration } from "../../publishing/regeneration-report";
import { revalidateSeconds } from "../../publishing/revalidate-seconds";
import { projectWithCardRelations } from "../../site/card-stories";
import { allWorkHref } from "../../site/work-anchor";
import { pageIcons } from "../../ui/icons/page-icons";
import type { ProjectPageProps } from "../../views/ProjectPage";

type ProjectParams = { slug: string[] };

export const getStaticPaths: GetStaticPaths<ProjectParams> = async () => {
  const slugs = await listProjectSlugs();
  // "blocking": a project published after the build renders on first request.
  return { paths: slugs.map((slug) => ({ params: { slug } })), fallback: "blocking" };
};

export const getStaticProps: GetStaticProps<ProjectPageProps, ProjectParams> = reportRegeneration<ProjectPageProps, ProjectParams>(
  (params) => `/projects/${(params?.slug ?? []).join("/")}`,
  async (context) => {
    const slug = context.params?.slug ?? [];
    // A path no story can have (`fieldnotes?version=draft`, `%`, `..`) is a 404 before any content request,
    // the cv refresh included: Next.js keeps only an empty not-found entry for it, in memory.
    if (!isProjectSlug(slug)) return { notFound: true };
    await refreshContentFor(context.revalidateReason);
    const { story, options, preview } = await loadForPreview(context, (options) => getProjectStory(slug, options));
    // A project published again later must not stay a 404: the not-found page has the same lifetime.
    if (!story) return { notFound: true, revalidate: revalidateSeconds() };
    const [site, home] = await Promise.all([getSiteConfig(options), getPageStory(HOME_SLUG, options)]);
    const live = liveProps(story.full_slug);
    const shaped = projectWithCardRelations(story);
    return {
      props: {
        story: shaped,
        site,
        allWorkHref: allWorkHref(home),
        icons: pageIcons([shaped, site], { all: Boolean(preview || live) }),
        ...(preview && { preview }),
        ...(live && { live }),
      },
      revalidate: revalidateSeconds(),
    };
  },
);

// The renderers load with the view only when React renders the page (see src/pages/index.tsx).
export default dynamic<ProjectPageProps>(() => import("../../views/ProjectPage"));
