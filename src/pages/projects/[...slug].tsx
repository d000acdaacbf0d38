import type { GetStaticPaths, GetStaticProps } from "next";
import type { ProjectStory, SiteConfigStory } from "../../generated";
import { getPageStory, getProjectStory, getSiteConfig, listProjectSlugs } from "../../content/queries";
import { ProjectLayout } from "../../layouts/ProjectLayout";
import { projectWithCardRelations } from "../../site/card-stories";
import { allWorkHref } from "../../site/work-anchor";

interface ProjectPageProps {
  story: ProjectStory;
  site: SiteConfigStory | null;
  allWorkHref: string;
}

type ProjectParams = { slug: string[] };

export const getStaticPaths: GetStaticPaths<ProjectParams> = async () => {
  const slugs = await listProjectSlugs();
  // "blocking": a project published after the build renders on first request.
  return { paths: slugs.map((slug) => ({ params: { slug } })), fallback: "blocking" };
};

export const getStaticProps: GetStaticProps<ProjectPageProps, ProjectParams> = async ({ params }) => {
  const slug = params?.slug ?? [];
  const [story, site, home] = await Promise.all([getProjectStory(slug), getSiteConfig(), getPageStory("home")]);
  if (!story) return { notFound: true };
  return { props: { story: projectWithCardRelations(story), site, allWorkHref: allWorkHref(home) } };
};

export default function ProjectPage({ story, site, allWorkHref }: ProjectPageProps) {
  return <ProjectLayout story={story} site={site} allWorkHref={allWorkHref} />;
}
