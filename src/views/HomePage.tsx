import type { SiteConfigStory } from "../generated";
import type { ShownPage } from "../content/access/story-queries";
import { DefaultLayout } from "../layouts/DefaultLayout";
import { LiveStory } from "../preview/LiveStory";
import type { LiveProps, PreviewProps } from "../preview/preview-props";
import type { PageIcons } from "../ui/icons/icon-shapes";

export interface HomeProps {
  story: ShownPage;
  site: SiteConfigStory | null;
  /** The shapes of the icons the content shows (_app provides them to <Icon>). */
  icons: PageIcons;
  /** Only in the Visual Editor. */
  preview?: PreviewProps;
  /** Only in `next dev` on the embedded content. */
  live?: LiveProps;
}

/** The home page: rendered by the server for the published page (src/pages/index.tsx) and hydrated on the Visual Editor's (src/pages/editor/[[...slug]].tsx). */
export default function HomePage({ story, site, preview, live }: HomeProps) {
  return (
    <LiveStory story={story} contentType="page" preview={preview} live={live}>
      {(shown) => <DefaultLayout story={shown} site={site} />}
    </LiveStory>
  );
}
