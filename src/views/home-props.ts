import { refreshContentFor, siteQueries, type RenderReason } from "../content/access/site-content";
import { liveProps, loadForPreview } from "../preview/page-preview";
import { withCardRelations } from "../content/shaping/card-stories";
import { PAGE_QUERY } from "../content/access/story-queries";
import { pageIcons } from "../ui/icons/page-icons";
import type { HomeProps } from "./HomePage";
import { localePath, pageLocale } from "../i18n/locale-paths";
import { HOME_SLUG, pagePath } from "../routes/site-routes";

/** What a page's data function gets from Next.js, in the parts these loaders read (getStaticProps' and getServerSideProps' contexts both have them). */
export interface PageLoadContext {
  draftMode?: boolean;
  previewData?: unknown;
  revalidateReason?: RenderReason;
  /** The page's locale as Next.js hands it (`context.locale`); the default language when absent. */
  locale?: string;
}

/**
 * The home page's props, published or, for the Visual Editor, its draft;
 * null when there is no home story. One loader for the published page
 * (src/pages/index.tsx) and the editor's (src/pages/editor/[[...slug]].tsx).
 */
export async function loadHomeProps(context: PageLoadContext): Promise<HomeProps | null> {
  await refreshContentFor(context.revalidateReason, localePath(pageLocale(context.locale), pagePath({ kind: "home" })));
  const queries = siteQueries();
  const { story, options, preview } = await loadForPreview(context, PAGE_QUERY, (options) => queries.getPageStory(HOME_SLUG, options));
  if (!story) return null;
  const site = await queries.getSiteConfig(options);
  const live = liveProps(story.full_slug);
  const shaped = withCardRelations(story);
  const icons = pageIcons([shaped, site], { all: Boolean(preview || live) });
  return { story: shaped, site, icons, ...(preview && { preview }), ...(live && { live }) };
}
