import type { PageStory, SiteConfigStory } from "../generated";
import { DefaultLayout } from "../layouts/DefaultLayout";
import { LiveStory } from "../preview/LiveStory";
import type { LiveProps, PreviewProps } from "../preview/preview-props";
import type { PageIcons } from "../ui/icons/icon-shapes";

export interface HomeProps {
  story: PageStory;
  site: SiteConfigStory | null;
  /** The shapes of the icons the content shows (_app provides them to <Icon>). */
  icons: PageIcons;
  /** Only in the Visual Editor. */
  preview?: PreviewProps;
  /** Only in `next dev` on the embedded content. */
  live?: LiveProps;
}

/** The home page as React renders it (src/pages/index.tsx loads it when it does). */
export default function HomePage({ story, site, preview, live }: HomeProps) {
  return (
    <LiveStory story={story} contentType="page" preview={preview} live={live}>
      {(shown) => <DefaultLayout story={shown} site={site} />}
    </LiveStory>
  );
}
