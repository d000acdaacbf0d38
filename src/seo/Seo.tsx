import Head from "next/head";
import { usePageLocale } from "../i18n/page-locale";
import { languageAlternates, pathInLocale } from "./alternates";
import { absoluteUrl, type SeoData } from "./seo";

/**
 * Title, description, robots, canonical and Open Graph / X card tags for one
 * page; the canonical is the page in the language it is rendered in, and
 * every language's version is named beside it (hreflang, x-default).
 */
export function Seo({ seo, siteName }: { seo: SeoData; siteName?: string }) {
  const locale = usePageLocale();
  const url = absoluteUrl(pathInLocale(seo.path, locale));
  const alternates = languageAlternates(seo.path).filter(({ href }) => /^https?:/.test(href));
  const image = seo.image ? absoluteUrl(seo.image) : undefined;
  return (
    <Head>
      <title>{seo.title}</title>
      {seo.description && <meta name="description" content={seo.description} />}
      {seo.noindex && <meta name="robots" content="noindex" />}
      <meta property="og:title" content={seo.title} />
      {seo.description && <meta property="og:description" content={seo.description} />}
      <meta property="og:type" content={seo.type} />
      <meta property="og:url" content={url} />
      {siteName && <meta property="og:site_name" content={siteName} />}
      {image && <meta property="og:image" content={image} />}
      {image && seo.imageAlt && <meta property="og:image:alt" content={seo.imageAlt} />}
      {/* X reads og:title, og:description and og:image where its own tags are absent (its cards markup reference):
          the card type and the image's alt text are all it needs besides, and every byte of the head counts (issue 58). */}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      {image && seo.imageAlt && <meta name="twitter:image:alt" content={seo.imageAlt} />}
      {/^https?:/.test(url) && <link rel="canonical" href={url} />}
      {alternates.map(({ hrefLang, href }) => (
        <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />
      ))}
    </Head>
  );
}
