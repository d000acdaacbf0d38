import type { GetStaticProps } from "next";
import type { PageStory, SiteConfigStory } from "../generated";
import { getPageStory, getSiteConfig, refreshContentFor } from "../content/queries";
import { DefaultLayout } from "../layouts/DefaultLayout";
import { LiveStory } from "../preview/LiveStory";
import { liveProps, loadForPreview } from "../preview/page-preview";
import type { LiveProps, PreviewProps } from "../preview/preview-props";
import { reportRegeneration } from "../publishing/regeneration-report";
import { withCardRelations } from "../site/card-stories";
import type { PageIcons } from "../ui/icons/icon-shapes";
import { pageIcons } from "../ui/icons/page-icons";

interface HomeProps {
  story: PageStory;
  site: SiteConfigStory | null;
  /** The shapes of the icons the content shows (_app provides them to <Icon>). */
  icons: PageIcons;
  /** Only in the Visual Editor. */
  preview?: PreviewProps;
  /** Only in `next dev` on the embedded content. */
  live?: LiveProps;
}

/** The story whose content is the home page. */
const HOME_SLUG = "home";

export const getStaticProps: GetStaticProps<HomeProps> = reportRegeneration<HomeProps>(
  () => "/",
  async (context) => {
    await refreshContentFor(context.revalidateReason);
    const { story, options, preview } = await loadForPreview(context, (options) => getPageStory(HOME_SLUG, options));
    if (!story) return { notFound: true };
    const site = await getSiteConfig(options);
    const live = liveProps(story.full_slug);
    const shaped = withCardRelations(story);
    const icons = pageIcons([shaped, site], { all: Boolean(preview || live) });
    return { props: { story: shaped, site, icons, ...(preview && { preview }), ...(live && { live }) } };
  },
);

export default function HomePage({ story, site, preview, live }: HomeProps) {
  return (
    <LiveStory story={story} contentType="page" preview={preview} live={live}>
      {(shown) => <DefaultLayout story={shown} site={site} />}
    </LiveStory>
  );
}
