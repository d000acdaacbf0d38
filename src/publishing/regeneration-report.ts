/**
 * Whether a page regenerated after the build succeeded. When getStaticProps
 * throws during on-demand revalidation, Next.js keeps the last good page (as
 * it should) but `res.revalidate()` still resolves, so the webhook could not
 * say that the page is not fresh. Pages wrap getStaticProps with
 * `reportRegeneration`; the webhook reads the outcome by path. Page bundles
 * and API routes are separate module instances in one server process, hence
 * the process-wide registry; where revalidation runs in another process (a
 * serverless platform), nothing is recorded and the page counts as refreshed.
 */
import type { GetStaticProps, GetStaticPropsContext, PreviewData } from "next";
import type { ParsedUrlQuery } from "node:querystring";
import { doContentWork } from "../content/access/rate-limit/content-work";
import type { RequestPriority } from "../content/access/rate-limit/request-priority";
import { processState } from "../process/process-state";

function failures(): Map<string, string> {
  return processState("portfolio.regeneration-failures", () => new Map<string, string>());
}

/** The reason the last regeneration of `path` failed (and forgets it); undefined when it succeeded. */
export function takeRegenerationFailure(path: string): string | undefined {
  const failure = failures().get(path);
  failures().delete(path);
  return failure;
}

/**
 * Whose work a render is (src/content/access/rate-limit/request-priority.ts): an
 * on-demand revalidation is a webhook's (publishing goes first), a stale
 * page's or the build's is regeneration, and a first render on request
 * (a page published after the build) is what a visitor started.
 */
function renderPriority(reason: GetStaticPropsContext["revalidateReason"]): RequestPriority {
  if (reason === "on-demand") return "publish";
  if (reason === "stale" || reason === "build") return "regeneration";
  return "visitor";
}

/**
 * getStaticProps at its render's priority (renderPriority), logging and
 * recording a failed regeneration of its page; the build is left alone (a
 * failure there fails the build).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Next.js's own bound for page props
export function reportRegeneration<P extends { [key: string]: any }, Q extends ParsedUrlQuery = ParsedUrlQuery>(
  pathOf: (params: Q | undefined, locale: string | undefined) => string,
  getStaticProps: GetStaticProps<P, Q, PreviewData>,
): GetStaticProps<P, Q, PreviewData> {
  return async (context: GetStaticPropsContext<Q, PreviewData>) => {
    const render = () => doContentWork(renderPriority(context.revalidateReason), async () => getStaticProps(context));
    if (context.revalidateReason === "build") return render();
    const path = pathOf(context.params, context.locale);
    try {
      const result = await render();
      failures().delete(path);
      return result;
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      failures().set(path, reason);
      console.error(`content: ${path} not regenerated, the last good page stays: ${reason}`);
      throw error;
    }
  };
}
