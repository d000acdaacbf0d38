import type { NextPageContext, PageConfig } from "next";
import type { SiteConfigStory } from "../generated";
import { ErrorLayout } from "../layouts/ErrorLayout";
import { errorStatus, NOT_FOUND_TITLE, reasonPhrase, SERVER_ERROR_TITLE, shownPath } from "../errors/error-status";
import type { PageIcons } from "../ui/icons/icon-shapes";

interface ErrorProps {
  status: number;
  /** The path requested, for "Page not found: {path}". */
  path: string;
  /** The header and footer; null when the content source is what failed. */
  site: SiteConfigStory | null;
  /** The shapes of the icons the header and footer show (_app provides them to <Icon>). */
  icons?: PageIcons;
}

// Published like every page: server HTML and the islands script (the menu), no Next.js runtime.
export const config: PageConfig = { unstable_runtimeJS: false };

/**
 * Every error, rendered per request (there is deliberately no static 404.tsx
 * or 500.tsx): a static page is built once for every URL and cannot say which
 * path was not found, and cannot spare bots the view. Only the error
 * responses are dynamic; every other page stays static.
 */
export default function ErrorPage({ status, path, site }: ErrorProps) {
  if (status === 404) {
    return (
      <ErrorLayout site={site} code="404" title={NOT_FOUND_TITLE} heading={`Page not found: ${path}`}>
        <p>The page may have moved, or the link has a typo. The work is all reachable from the home page.</p>
      </ErrorLayout>
    );
  }
  return (
    <ErrorLayout
      site={site}
      code={String(status)}
      title={SERVER_ERROR_TITLE}
      heading={status >= 500 ? "Something went wrong on our side" : reasonPhrase(status)}
    >
      <p>
        {status >= 500
          ? "Please try again in a moment. If it keeps happening, the contact details in the footer still work."
          : "This request could not be answered. The home page and everything on it still work."}
      </p>
    </ErrorLayout>
  );
}

ErrorPage.getInitialProps = async ({ req, res, err, asPath }: NextPageContext): Promise<ErrorProps> => {
  const path = shownPath(req?.url ?? asPath);
  // The branch is compiled out of the browser bundle (Next replaces `typeof
  // window`), so neither isbot nor the content client ship to the browser.
  if (typeof window === "undefined" && res) {
    // A render whose content request the site turned away (its queue was full: publishing goes first) is a 503
    // the visitor may retry, not the 500 Next.js set for the thrown error.
    const { isContentBusy } = await import("../content/access/rate-limit/content-busy");
    const busy = isContentBusy(err) ? err : undefined;
    const status = busy ? busy.statusCode : errorStatus(res.statusCode, err?.statusCode);
    res.statusCode = status;
    if (busy) res.setHeader("Retry-After", String(busy.retryAfterSeconds));
    // Next.js answers some requests (an address it cannot decode: 400) before
    // next.config's headers() apply; every error view carries them all the same.
    const { ensureErrorHeaders } = await import("../errors/error-headers");
    ensureErrorHeaders(res, status, req?.url);
    const { endForBot } = await import("../errors/bot-response");
    if (endForBot(req?.headers["user-agent"], status, res)) return { status, path, site: null };
    // No header and footer for a busy answer: their request would queue behind the same crowd.
    if (busy) return { status, path, site: null };
    const [{ siteConfigOrNull }, { pageIcons }, { runAtPriority }] = await Promise.all([
      import("../content/shaping/site-config"),
      import("../ui/icons/page-icons"),
      import("../content/access/rate-limit/request-priority"),
    ]);
    // Whoever asked for a path that is not a page: a visitor's request, in the visitors' short queue.
    const site = await runAtPriority("visitor", siteConfigOrNull);
    return { status, path, site, icons: pageIcons([site]) };
  }
  const status = errorStatus(res?.statusCode, err?.statusCode);
  // An error while rendering in the browser (the editor's page, the one that hydrates): no content request that could fail the same way.
  return { status, path, site: null };
};
