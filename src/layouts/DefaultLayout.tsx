import type { SiteConfigStory } from "../generated";
import type { ShownPage } from "../content/access/story-queries";
import { Blocks } from "../blocks/Blocks";
import { editableAttributes } from "../preview/editable";
import { storyPath } from "../content/shaping/links";
import { splitLocalePath } from "../i18n/locale-paths";
import { personJsonLd } from "../seo/json-ld";
import { firstImage, pageTitle } from "../seo/seo";
import { JsonLd } from "../seo/JsonLd";
import { Seo } from "../seo/Seo";
import { SiteFrame } from "./SiteFrame";

interface DefaultLayoutProps {
  story: ShownPage;
  site: SiteConfigStory | null;
}

/** A content page: its sections top to bottom. */
export function DefaultLayout({ story, site }: DefaultLayoutProps) {
  const page = story.content;
  const siteName = site?.content.site_name;
  const image = firstImage(page.seo_image, site?.content.default_seo_image);
  return (
    <SiteFrame site={site}>
      <Seo
        siteName={siteName}
        seo={{
          title: pageTitle(page.seo_title || story.name, siteName),
          description: page.seo_description,
          image: image?.filename,
          imageAlt: image?.alt ?? undefined,
          type: "website",
          path: storyPath(story.full_slug),
          noindex: page.noindex,
        }}
      />
      {/* The home page is about the site's owner. */}
      {splitLocalePath(storyPath(story.full_slug)).path === "/" && <JsonLd data={personJsonLd(story, site)} />}
      {/* The page blok itself is editable too (SEO fields, section order). */}
      <div {...editableAttributes(page)}>
        <Blocks bloks={page.body} />
      </div>
    </SiteFrame>
  );
}
