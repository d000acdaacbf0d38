import Head from "next/head";
import { absoluteUrl, type SeoData } from "../site/seo";

/** Title, description and Open Graph / Twitter tags for one page. */
export function Seo({ seo, siteName }: { seo: SeoData; siteName?: string }) {
  const url = absoluteUrl(seo.path);
  return (
    <Head>
      <title>{seo.title}</title>
      {seo.description && <meta name="description" content={seo.description} />}
      <meta property="og:title" content={seo.title} />
      {seo.description && <meta property="og:description" content={seo.description} />}
      <meta property="og:type" content={seo.type} />
      <meta property="og:url" content={url} />
      {siteName && <meta property="og:site_name" content={siteName} />}
      {seo.image && <meta property="og:image" content={absoluteUrl(seo.image)} />}
      {seo.image && seo.imageAlt && <meta property="og:image:alt" content={seo.imageAlt} />}
      <meta name="twitter:card" content={seo.image ? "summary_large_image" : "summary"} />
      {/^https?:/.test(url) && <link rel="canonical" href={url} />}
    </Head>
  );
}
