import type { NextApiRequest, NextApiResponse } from "next";
import { makeCookiesCrossSite } from "../../../preview/cross-site-cookies";
import { ownPath } from "../../../security/safe-redirect";
import { API_ROUTE_METHODS } from "../../../http/allowed-methods";
import { allowsMethod } from "../../../http/refuse-method";

/** Ends draft mode and returns to `?path=` (one of our own paths; anything else goes home). */
export default function exitPreview(req: NextApiRequest, res: NextApiResponse) {
  res.setHeader("Cache-Control", "private, no-store");
  if (!allowsMethod(req, res, API_ROUTE_METHODS["/api/preview/exit"])) return;
  res.clearPreviewData();
  // The cookies were set Partitioned; only a Partitioned Set-Cookie reaches them to delete them.
  makeCookiesCrossSite(res);
  res.redirect(307, ownPath(req.query.path));
}
