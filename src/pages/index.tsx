import type { GetStaticProps } from "next";
import type { PageStory, SiteConfigStory } from "../generated";
import { getPageStory, getSiteConfig, refreshContentFor } from "../content/queries";
import { DefaultLayout } from "../layouts/DefaultLayout";
import { reportRegeneration } from "../publishing/regeneration-report";
import { withCardRelations } from "../site/card-stories";

interface HomeProps {
  story: PageStory;
  site: SiteConfigStory | null;
}

/** The story whose content is the home page. */
const HOME_SLUG = "home";

export const getStaticProps: GetStaticProps<HomeProps> = reportRegeneration<HomeProps>(
  () => "/",
  async ({ revalidateReason }) => {
    await refreshContentFor(revalidateReason);
    const [story, site] = await Promise.all([getPageStory(HOME_SLUG), getSiteConfig()]);
    if (!story) return { notFound: true };
    return { props: { story: withCardRelations(story), site } };
  },
);

export default function HomePage({ story, site }: HomeProps) {
  return <DefaultLayout story={story} site={site} />;
}
