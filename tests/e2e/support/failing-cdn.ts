/**
 * The embedded content served over HTTP as the Content Delivery API, with a
 * switch that makes it fail: every request, or only project stories and
 * listings of them (so the site config still loads and the error view keeps
 * the site's frame).
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { createLocalCdn } from "../../../src/content/sources/local-cdn/create-local-cdn";
import { serveOverHttp } from "../../../src/content/sources/local-cdn/http-server";

type FailureMode = "none" | "projects" | "everything";

export interface FailingCdn {
  /** Base URL for STORYBLOK_API_URL (ends in /v2). */
  apiUrl: string;
  token: string;
  fail(mode: FailureMode): void;
  close(): Promise<void>;
}

const PROJECT_STORY = /^\/v2\/cdn\/stories\/projects\//;

/** A project story, or a listing of projects (the one the site reads every project page from). */
function isProjectRequest(url: URL): boolean {
  return (
    PROJECT_STORY.test(url.pathname) ||
    (url.pathname === "/v2/cdn/stories" && (url.searchParams.get("starts_with") ?? "").startsWith("projects"))
  );
}

/** `dir`: the content to serve, the embedded content by default. */
export async function startFailingCdn(dir = join(process.cwd(), "content")): Promise<FailingCdn> {
  const token = `e2e-${randomUUID().slice(0, 8)}`;
  const handler = createLocalCdn({ dir, token });
  let mode: FailureMode = "none";
  const running = await serveOverHttp(async (request) => {
    if (mode === "everything" || (mode === "projects" && isProjectRequest(new URL(request.url)))) {
      return new Response('{"error":"down for the test"}', { status: 503, statusText: "Service Unavailable" });
    }
    return handler(request);
  }, 0);
  return {
    apiUrl: `${running.url}/v2`,
    token,
    fail: (next) => (mode = next),
    close: running.close,
  };
}
