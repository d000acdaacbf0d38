import type { AnchorHTMLAttributes, ReactNode } from "react";
import { localiseHref } from "../i18n/locale-paths";
import { usePageLocale } from "../i18n/page-locale";
import { relFor } from "../security/safe-url";

type SmartLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** Already checked: build it with hrefOf/safeHref. */
  href: string;
  children: ReactNode;
};

/**
 * A link with a safe `rel` for new tabs. The site's own pages are plain
 * anchors too, not next/link: a published page has no router (no Next.js
 * runtime at all, src/islands/islands-script.ts), and every page loads fast
 * by itself, so following a link loads the next page in full, whichever
 * page the visit started on.
 */
export function SmartLink({ href, target, rel, children, ...rest }: SmartLinkProps) {
  // Content links name the default language's pages (`cached_url`); a page in another language links to its own.
  const locale = usePageLocale();
  return (
    <a href={localiseHref(href, locale)} target={target} rel={rel ?? relFor(target)} {...rest}>
      {children}
    </a>
  );
}
