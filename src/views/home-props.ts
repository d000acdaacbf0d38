import { getPageStory, getSiteConfig, HOME_SLUG, refreshContentFor, type RenderReason } from "../content/access/queries";
import { liveProps, loadForPreview } from "../preview/page-preview";
import { withCardRelations } from "../content/shaping/card-stories";
import { PAGE_QUERY } from "../content/access/story-queries";
import { pageIcons } from "../ui/icons/page-icons";
import type { HomeProps } from "./HomePage";
import { localePath, pageLocale } from "../i18n/locale-paths";

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
  await refreshContentFor(context.revalidateReason, localePath(pageLocale(context.locale), "/"));
  const { story, options, preview } = await loadForPreview(context, PAGE_QUERY, (options) => getPageStory(HOME_SLUG, options));
  if (!story) return null;
  const site = await getSiteConfig(options);
  const live = liveProps(story.full_slug);
  const shaped = withCardRelations(story);
  const icons = pageIcons([shaped, site], { all: Boolean(preview || live) });
  return { story: shaped, site, icons, ...(preview && { preview }), ...(live && { live }) };
}
