import type { NextApiRequest, NextApiResponse } from "next";
import { currentBuildInfo } from "../../deploy/build-info";

/** The build this server runs: `{ buildId, builtAt }`, never cached, so a tab always learns the live version. */
export default function buildInfo(req: NextApiRequest, res: NextApiResponse) {
  res.setHeader("Cache-Control", "no-store, max-age=0");
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    return res.status(405).json({ error: "Use GET." });
  }
  return res.status(200).json(currentBuildInfo());
}
