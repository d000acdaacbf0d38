import type { SiteConfigStory } from "../generated";
import type { ShownProject } from "../content/access/story-queries";
import { Blocks } from "../blocks/Blocks";
import { RichText } from "../richtext/RichText";
import { editableAttributes } from "../preview/editable";
import { storyPath } from "../content/shaping/links";
import { creativeWorkJsonLd } from "../seo/json-ld";
import { firstImage, pageTitle } from "../seo/seo";
import { usePageLocale } from "../i18n/page-locale";
import { JsonLd } from "../seo/JsonLd";
import { ProjectFacts } from "./ProjectFacts";
import { ProjectHero } from "./ProjectHero";
import { RelatedProjects } from "./RelatedProjects";
import { Seo } from "../seo/Seo";
import { SiteFrame } from "./SiteFrame";
import styles from "./ProjectLayout.module.css";

interface ProjectLayoutProps {
  story: ShownProject;
  site: SiteConfigStory | null;
  /** The "All work" link: the home page's project list. */
  allWorkHref: string;
}

/** A case study: hero, description beside the key facts, body sections, related work. */
export function ProjectLayout({ story, site, allWorkHref }: ProjectLayoutProps) {
  const locale = usePageLocale();
  const project = story.content;
  const siteName = site?.content.site_name;
  const image = firstImage(project.cover, site?.content.default_seo_image);
  return (
    <SiteFrame site={site}>
      <Seo
        siteName={siteName}
        seo={{
          title: pageTitle(story.name, siteName),
          description: project.seo_description || project.summary,
          image: image?.filename,
          imageAlt: image?.alt ?? undefined,
          type: "article",
          path: storyPath(story.full_slug),
          noindex: project.noindex,
        }}
      />
      <JsonLd data={creativeWorkJsonLd(story, site, locale)} />
      <article {...editableAttributes(project)}>
        <div data-theme={project.theme ?? "light"} className={styles.heroBand}>
          <ProjectHero project={project} allWorkHref={allWorkHref} />
        </div>
        <div className={styles.overview}>
          <RichText className={styles.description} doc={project.description} renderBlok={(blok) => <Blocks bloks={[blok]} />} />
          <aside className={styles.aside}>
            <ProjectFacts table={project.facts} />
          </aside>
        </div>
        <Blocks bloks={project.body} />
      </article>
      <RelatedProjects related={project.related} />
    </SiteFrame>
  );
}
