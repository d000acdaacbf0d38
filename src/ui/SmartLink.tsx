import type { AnchorHTMLAttributes, ReactNode } from "react";
import { relFor } from "../site/safe-url";

type SmartLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** Already checked: build it with hrefOf/safeHref. */
  href: string;
  children: ReactNode;
};

/**
 * A link with a safe `rel` for new tabs. The site's own pages are plain
 * anchors too, not next/link: every page is static HTML that loads fast by
 * itself, and next/link's router code plus the page data and scripts it
 * prefetches for each link in view cost a phone some 7 KB of JavaScript
 * while the first page is still loading.
 */
export function SmartLink({ href, target, rel, children, ...rest }: SmartLinkProps) {
  return (
    <a href={href} target={target} rel={rel ?? relFor(target)} {...rest}>
      {children}
    </a>
  );
}
