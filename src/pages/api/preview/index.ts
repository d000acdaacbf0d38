import type { NextApiRequest, NextApiResponse } from "next";
import { makeCookiesCrossSite } from "../../../preview/cross-site-cookies";
import { previewSecrets } from "../../../preview/preview-config";
import { draftQueryOptions, previewDataFromQuery, type PreviewData } from "../../../preview/preview-data";
import { returnAddress } from "../../../preview/preview-entry";
import { checkPreviewToken, tokenParams } from "../../../preview/preview-token";
import { ownPath } from "../../../security/safe-redirect";
import { storyIdAtPath } from "../../../preview/story-at-path";
import { previewPath, withOpenedLanguage, withSpaceLanguage } from "../../../preview/preview-locale";
import { splitLocalePath } from "../../../i18n/locale-paths";
import { API_ROUTE_METHODS } from "../../../http/allowed-methods";
import { allowsMethod } from "../../../http/refuse-method";

/** Preview data lives no longer than the token that granted it. */
const PREVIEW_MAX_AGE_SECONDS = 60 * 60;

/**
 * Preview entry (see preview/preview-entry.ts). Draft mode is entered only for
 * a framed request with a valid token and the id of the story the page shows;
 * otherwise no cookie is set and the page shows published content. Either way
 * the answer is a redirect to one of our own paths.
 */
export default async function enterPreview(req: NextApiRequest, res: NextApiResponse) {
  res.setHeader("Cache-Control", "private, no-store");
  if (!allowsMethod(req, res, API_ROUTE_METHODS["/api/preview"])) return;
  const query = new URLSearchParams(req.url?.split("?")[1] ?? "");
  const path = ownPath(query.get("path"));

  const refusal = await refusalFor(req, query, path);
  if (refusal === undefined) {
    // setPreviewData is draft mode with data: the same bypass cookie as
    // setDraftMode, plus a signed, encrypted cookie getStaticProps reads
    // (setDraftMode alone could not tell the page which story, release and language).
    res.setPreviewData(withSpaceLanguage(previewDataFromQuery(query) as PreviewData), { maxAge: PREVIEW_MAX_AGE_SECONDS });
    makeCookiesCrossSite(res);
  } else {
    console.warn(`preview: not entered for ${path}: ${refusal}`);
  }
  // To the page in the language the editor selected (`/nl/…` for `_storyblok_lang=nl`);
  // any other value opens the default language's page and is not passed on.
  res.redirect(307, returnAddress(previewPath(path, query), withOpenedLanguage(query)));
}

/** Why draft mode is not entered, or undefined when it is. */
async function refusalFor(req: NextApiRequest, query: URLSearchParams, path: string): Promise<string | undefined> {
  if (req.headers["sec-fetch-dest"] !== "iframe") return "not framed";
  const verdict = checkPreviewToken(tokenParams(query), previewSecrets());
  if (!verdict.ok) return verdict.reason;
  const data = previewDataFromQuery(query);
  if (!data) return "no story id";
  try {
    // The story is the same in every language: its page is found by the default language's path.
    const shown = await storyIdAtPath(splitLocalePath(path).path, draftQueryOptions(withSpaceLanguage(data)));
    if (shown !== data.storyId) return shown === undefined ? "no story at this path" : "another story's id";
  } catch (error) {
    return `the content API did not answer (${String(error)})`;
  }
  return undefined;
}
