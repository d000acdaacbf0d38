import type { NextApiRequest, NextApiResponse } from "next";
import { currentBuildInfo } from "../../deploy/build-info";
import { API_ROUTE_METHODS } from "../../http/allowed-methods";
import { allowsMethod } from "../../http/refuse-method";

/** The build this server runs: `{ buildId, builtAt }`, never cached, so a tab always learns the live version. */
export default function buildInfo(req: NextApiRequest, res: NextApiResponse) {
  res.setHeader("Cache-Control", "no-store, max-age=0");
  if (!allowsMethod(req, res, API_ROUTE_METHODS["/api/build-info"], { error: "Use GET." })) return;
  return res.status(200).json(currentBuildInfo());
}
