import { refreshContentFor, siteQueries } from "../content/access/site-content";
import { liveProps, loadForPreview } from "../preview/page-preview";
import { projectWithCardRelations } from "../content/shaping/card-stories";
import { PROJECT_QUERY } from "../content/access/story-queries";
import { allWorkHref } from "../content/shaping/work-anchor";
import { pageIcons } from "../ui/icons/page-icons";
import type { PageLoadContext } from "./home-props";
import type { ProjectPageProps } from "./ProjectPage";
import { localePath, pageLocale } from "../i18n/locale-paths";
import { HOME_SLUG, pagePath, type PageOf } from "../routes/site-routes";

/**
 * A project page's props, published or, for the Visual Editor, its draft;
 * null when no story is at `page`. One loader for the published page
 * (src/pages/projects/[...slug].tsx) and the editor's. `page` comes from the
 * route table (folderPage, pageAt), which refused a path no story can have
 * before any content request, the cv refresh included.
 */
export async function loadProjectProps(page: PageOf<"project">, context: PageLoadContext): Promise<ProjectPageProps | null> {
  await refreshContentFor(context.revalidateReason, localePath(pageLocale(context.locale), pagePath(page)));
  const queries = siteQueries();
  const { story, options, preview } = await loadForPreview(context, PROJECT_QUERY, (options) =>
    queries.getProjectStory(page.segments, options),
  );
  if (!story) return null;
  const [site, home] = await Promise.all([queries.getSiteConfig(options), queries.getPageStory(HOME_SLUG, options)]);
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
