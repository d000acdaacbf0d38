import type { GetStaticPaths, GetStaticProps } from "next";
import type { ProjectStory, SiteConfigStory } from "../../generated";
import { getPageStory, getProjectStory, getSiteConfig, listProjectSlugs, refreshContentFor } from "../../content/queries";
import { ProjectLayout } from "../../layouts/ProjectLayout";
import { LiveStory } from "../../preview/LiveStory";
import { liveProps, loadForPreview } from "../../preview/page-preview";
import type { LiveProps, PreviewProps } from "../../preview/preview-props";
import { reportRegeneration } from "../../publishing/regeneration-report";
import { projectWithCardRelations } from "../../site/card-stories";
import { allWorkHref } from "../../site/work-anchor";
import type { PageIcons } from "../../ui/icons/icon-shapes";
import { pageIcons } from "../../ui/icons/page-icons";

interface ProjectPageProps {
  story: ProjectStory;
  site: SiteConfigStory | null;
  allWorkHref: string;
  /** The shapes of the icons the content shows (_app provides them to <Icon>). */
  icons: PageIcons;
  /** Only in the Visual Editor. */
  preview?: PreviewProps;
  /** Only in `next dev` on the embedded content. */
  live?: LiveProps;
}

type ProjectParams = { slug: string[] };

export const getStaticPaths: GetStaticPaths<ProjectParams> = async () => {
  const slugs = await listProjectSlugs();
  // "blocking": a project published after the build renders on first request.
  return { paths: slugs.map((slug) => ({ params: { slug } })), fallback: "blocking" };
};

export const getStaticProps: GetStaticProps<ProjectPageProps, ProjectParams> = reportRegeneration<ProjectPageProps, ProjectParams>(
  (params) => `/projects/${(params?.slug ?? []).join("/")}`,
  async (context) => {
    await refreshContentFor(context.revalidateReason);
    const slug = context.params?.slug ?? [];
    const { story, options, preview } = await loadForPreview(context, (options) => getProjectStory(slug, options));
    if (!story) return { notFound: true };
    const [site, home] = await Promise.all([getSiteConfig(options), getPageStory("home", options)]);
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
    };
  },
);

export default function ProjectPage({ story, site, allWorkHref, preview, live }: ProjectPageProps) {
  return (
    <LiveStory story={story} contentType="project" preview={preview} live={live}>
      {(shown) => <ProjectLayout story={shown} site={site} allWorkHref={allWorkHref} />}
    </LiveStory>
  );
}
