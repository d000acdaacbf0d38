import { getPageStory, getProjectStory, getSiteConfig, HOME_SLUG, isProjectSlug, refreshContentFor } from "../content/access/queries";
import { liveProps, loadForPreview } from "../preview/page-preview";
import { projectWithCardRelations } from "../content/shaping/card-stories";
import { PROJECT_QUERY } from "../content/access/story-queries";
import { allWorkHref } from "../content/shaping/work-anchor";
import { pageIcons } from "../ui/icons/page-icons";
import type { PageLoadContext } from "./home-props";
import type { ProjectPageProps } from "./ProjectPage";
import { localePath, pageLocale } from "../i18n/locale-paths";

/**
 * A project page's props, published or, for the Visual Editor, its draft;
 * null when no story is at `slug`. One loader for the published page
 * (src/pages/projects/[...slug].tsx) and the editor's.
 */
export async function loadProjectProps(slug: readonly string[], context: PageLoadContext): Promise<ProjectPageProps | null> {
  // A path no story can have (`fieldnotes?version=draft`, `%`, `..`) is a 404 before any content request,
  // the cv refresh included.
  if (!isProjectSlug(slug)) return null;
  await refreshContentFor(context.revalidateReason, localePath(pageLocale(context.locale), `/projects/${slug.join("/")}`));
  const { story, options, preview } = await loadForPreview(context, PROJECT_QUERY, (options) => getProjectStory(slug, options));
  if (!story) return null;
  const [site, home] = await Promise.all([getSiteConfig(options), getPageStory(HOME_SLUG, options)]);
  const live = liveProps(story.full_slug);
  const shaped = projectWithCardRelations(story);
  return {
    story: shaped,
    site,
    allWorkHref: allWorkHref(home),
    icons: pageIcons([shaped, site], { all: Boolean(preview || live) }),
    ...(preview && { preview }),
    ...(live && { live }),
  };
}
