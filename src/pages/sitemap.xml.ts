import type { GetServerSideProps } from "next";
import { doContentWork } from "../content/access/rate-limit/content-work";
import { sitemapEntries } from "../seo/public-pages";
import { requestOrigin } from "../seo/request-origin";
import { sitemapXml } from "../seo/sitemap";
import { PAGE_METHODS } from "../http/allowed-methods";
import { ALREADY_ANSWERED, allowsMethod } from "../http/refuse-method";

/** /sitemap.xml, from the content on each request, so a project published after the build is in it. */
export const getServerSideProps: GetServerSideProps = async ({ req, res }) => {
  if (!allowsMethod(req, res, PAGE_METHODS)) return ALREADY_ANSWERED;
  const { origin, cacheable } = requestOrigin(req);
  // Anyone may ask, as often as they like: a visitor's work (the listing it reads is shared per content version).
  const body = sitemapXml(await doContentWork("visitor", () => sitemapEntries(origin)));
  res.setHeader("Content-Type", "application/xml; charset=utf-8");
  res.setHeader("Cache-Control", cacheable ? "public, max-age=0, s-maxage=300, stale-while-revalidate=86400" : "no-store");
  res.end(body);
  return { props: {} };
};

export default function Sitemap() {
  return null;
}
