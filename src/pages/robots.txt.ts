import type { GetServerSideProps } from "next";
import { requestOrigin } from "../seo/request-origin";
import { robotsTxt } from "../seo/sitemap";
import { PAGE_METHODS } from "../http/allowed-methods";
import { ALREADY_ANSWERED, allowsMethod } from "../http/refuse-method";

/** /robots.txt, naming the sitemap by absolute URL as the format requires. */
export const getServerSideProps: GetServerSideProps = ({ req, res }) => {
  if (!allowsMethod(req, res, PAGE_METHODS)) return Promise.resolve(ALREADY_ANSWERED);
  const { origin, cacheable } = requestOrigin(req);
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", cacheable ? "public, max-age=3600" : "no-store");
  res.end(robotsTxt(`${origin}/sitemap.xml`));
  return Promise.resolve({ props: {} });
};

export default function Robots() {
  return null;
}
