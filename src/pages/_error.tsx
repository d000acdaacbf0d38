import type { NextPageContext, PageConfig } from "next";
import type { SiteConfigStory } from "../generated";
import { ErrorLayout } from "../layouts/ErrorLayout";
import { localePath, pageLocale, splitLocalePath } from "../i18n/locale-paths";
import { errorStatus, reasonPhrase, shownPath } from "../errors/error-status";
import { ERROR_TEXTS } from "../errors/error-texts";
import { usePageLocale } from "../i18n/page-locale";
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
  // In the language of the address asked for: `/nl/…` is answered in Dutch.
  const texts = ERROR_TEXTS[usePageLocale()];
  if (status === 404) {
    return (
      <ErrorLayout site={site} code="404" title={texts.notFoundTitle} heading={texts.notFoundHeading.replace("{path}", () => path)}>
        <p>{texts.notFoundMessage}</p>
      </ErrorLayout>
    );
  }
  return (
    <ErrorLayout
      site={site}
      code={String(status)}
      title={texts.serverErrorTitle}
      heading={status >= 500 ? texts.serverErrorHeading : reasonPhrase(status)}
    >
      <p>{status >= 500 ? texts.serverErrorMessage : texts.otherErrorMessage}</p>
    </ErrorLayout>
  );
}

ErrorPage.getInitialProps = async ({ req, res, err, asPath, locale }: NextPageContext): Promise<ErrorProps> => {
  // Next.js hands the page the address without its locale prefix: the heading names the address asked for (`/nl/…`).
  const path = localePath(pageLocale(locale), splitLocalePath(shownPath(req?.url ?? asPath)).path);
  // The branch is compiled out of the browser bundle (Next replaces `typeof
  // window`), so neither isbot nor the content client ship to the browser.
  if (typeof window === "undefined" && res) {
    // A render whose content request the site turned away (its queue was full: publishing goes first) is a 503
    // the visitor may retry, not the 500 Next.js set for the thrown error.
    const { isContentBusy } = await import("../content/access/rate-limit/content-busy");
    const busy = isContentBusy(err) ? err : undefined;
    const found = busy ? busy.statusCode : errorStatus(res.statusCode, err?.statusCode);
    // No page at this address, asked with a method no page would answer: 405, naming what one allows.
    const { methodNotAllowedAt } = await import("../http/not-found-method");
    const status = found === 404 ? (methodNotAllowedAt(req, res) ?? found) : found;
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
    const site = await runAtPriority("visitor", () => siteConfigOrNull(pageLocale(locale)));
    return { status, path, site, icons: pageIcons([site]) };
  }
  const status = errorStatus(res?.statusCode, err?.statusCode);
  // An error while rendering in the browser (the editor's page, the one that hydrates): no content request that could fail the same way.
  return { status, path, site: null };
};
