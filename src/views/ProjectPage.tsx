import type { SiteConfigStory } from "../generated";
import type { ShownProject } from "../content/access/story-queries";
import { ProjectLayout } from "../layouts/ProjectLayout";
import { LiveStory } from "../preview/LiveStory";
import type { LiveProps, PreviewProps } from "../preview/preview-props";
import type { PageIcons } from "../ui/icons/icon-shapes";

export interface ProjectPageProps {
  story: ShownProject;
  site: SiteConfigStory | null;
  allWorkHref: string;
  /** The shapes of the icons the content shows (_app provides them to <Icon>). */
  icons: PageIcons;
  /** Only in the Visual Editor. */
  preview?: PreviewProps;
  /** Only in `next dev` on the embedded content. */
  live?: LiveProps;
}

/** A project's page: rendered by the server for the published page (src/pages/projects/[...slug].tsx) and hydrated on the Visual Editor's. */
export default function ProjectPage({ story, site, allWorkHref, preview, live }: ProjectPageProps) {
  return (
    <LiveStory story={story} contentType="project" preview={preview} live={live}>
      {(shown) => <ProjectLayout story={shown} site={site} allWorkHref={allWorkHref} />}
    </LiveStory>
  );
}
