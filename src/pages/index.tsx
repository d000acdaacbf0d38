import type { GetStaticProps } from "next";
import dynamic from "next/dynamic";
import { getPageStory, getSiteConfig, HOME_SLUG, refreshContentFor } from "../content/queries";
import { liveProps, loadForPreview } from "../preview/page-preview";
import { reportRegeneration } from "../publishing/regeneration-report";
import { revalidateSeconds } from "../publishing/revalidate-seconds";
import { withCardRelations } from "../site/card-stories";
import { pageIcons } from "../ui/icons/page-icons";
import type { HomeProps } from "../views/HomePage";

export const getStaticProps: GetStaticProps<HomeProps> = reportRegeneration<HomeProps>(
  () => "/",
  async (context) => {
    await refreshContentFor(context.revalidateReason);
    const { story, options, preview } = await loadForPreview(context, (options) => getPageStory(HOME_SLUG, options));
    if (!story) return { notFound: true, revalidate: revalidateSeconds() };
    const site = await getSiteConfig(options);
    const live = liveProps(story.full_slug);
    const shaped = withCardRelations(story);
    const icons = pageIcons([shaped, site], { all: Boolean(preview || live) });
    return { props: { story: shaped, site, icons, ...(preview && { preview }), ...(live && { live }) }, revalidate: revalidateSeconds() };
  },
);

// The page's renderers (every block, rich text, the layouts) load with the
// view only when React renders the page: on a page served as static HTML
// (src/site/static-page.ts) it never does, and the phone never downloads them.
export default dynamic<HomeProps>(() => import("../views/HomePage"));
