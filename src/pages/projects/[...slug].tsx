import type { GetStaticPaths, GetStaticProps } from "next";
import type { ProjectStory, SiteConfigStory } from "../../generated";
import { getProjectStory, getSiteConfig, listProjectSlugs, refreshContentFor } from "../../content/queries";
import { ProjectLayout } from "../../layouts/ProjectLayout";
import { reportRegeneration } from "../../publishing/regeneration-report";
import { projectWithCardRelations } from "../../site/card-stories";

interface ProjectPageProps {
  story: ProjectStory;
  site: SiteConfigStory | null;
}

type ProjectParams = { slug: string[] };

export const getStaticPaths: GetStaticPaths<ProjectParams> = async () => {
  const slugs = await listProjectSlugs();
  // "blocking": a project published after the build renders on first request.
  return { paths: slugs.map((slug) => ({ params: { slug } })), fallback: "blocking" };
};

export const getStaticProps: GetStaticProps<ProjectPageProps, ProjectParams> = reportRegeneration<ProjectPageProps, ProjectParams>(
  (params) => `/projects/${(params?.slug ?? []).join("/")}`,
  async ({ params, revalidateReason }) => {
    await refreshContentFor(revalidateReason);
    const slug = params?.slug ?? [];
    const [story, site] = await Promise.all([getProjectStory(slug), getSiteConfig()]);
    if (!story) return { notFound: true };
    return { props: { story: projectWithCardRelations(story), site } };
  },
);

export default function ProjectPage({ story, site }: ProjectPageProps) {
  return <ProjectLayout story={story} site={site} />;
}
