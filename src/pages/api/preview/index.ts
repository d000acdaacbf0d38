import type { NextApiRequest, NextApiResponse } from "next";
import { makeCookiesCrossSite } from "../../../preview/cross-site-cookies";
import { previewSecrets } from "../../../preview/preview-config";
import { previewDataFromQuery } from "../../../preview/preview-data";
import { returnAddress } from "../../../preview/preview-entry";
import { checkPreviewToken, tokenParams } from "../../../preview/preview-token";
import { ownPath } from "../../../preview/safe-redirect";

/** Preview data lives no longer than the token that granted it. */
const PREVIEW_MAX_AGE_SECONDS = 60 * 60;

/**
 * Preview entry (see preview/preview-entry.ts). Draft mode is entered only for
 * a framed request with a valid token and a story id; otherwise no cookie is
 * set and the page shows published content. Either way the answer is a
 * redirect to one of our own paths.
 */
export default function enterPreview(req: NextApiRequest, res: NextApiResponse) {
  const query = new URLSearchParams(req.url?.split("?")[1] ?? "");
  const path = ownPath(query.get("path"));
  res.setHeader("Cache-Control", "private, no-store");

  const framed = req.headers["sec-fetch-dest"] === "iframe";
  const verdict = checkPreviewToken(tokenParams(query), previewSecrets());
  const data = previewDataFromQuery(query);
  if (framed && verdict.ok && data) {
    // setPreviewData is draft mode with data: the same bypass cookie as
    // setDraftMode, plus a signed, encrypted cookie getStaticProps reads
    // (setDraftMode alone could not tell the page which story, release and language).
    res.setPreviewData(data, { maxAge: PREVIEW_MAX_AGE_SECONDS });
    makeCookiesCrossSite(res);
  } else {
    const reason = !framed ? "not framed" : !verdict.ok ? verdict.reason : "no story id";
    console.warn(`preview: not entered for ${path}: ${reason}`);
  }
  res.redirect(307, returnAddress(path, query));
}
