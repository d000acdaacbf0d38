import NextLink from "next/link";
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { isInternalPage } from "../site/links";
import { relFor } from "../site/safe-url";

type SmartLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** Already checked: build it with hrefOf/safeHref. */
  href: string;
  children: ReactNode;
};

/** next/link for the site's own pages (client-side navigation), <a> for everything else. */
export function SmartLink({ href, target, rel, children, ...rest }: SmartLinkProps) {
  const safeRel = rel ?? relFor(target);
  if (isInternalPage(href) && target !== "_blank") {
    return (
      <NextLink href={href} target={target} rel={safeRel} {...rest}>
        {children}
      </NextLink>
    );
  }
  return (
    <a href={href} target={target} rel={safeRel} {...rest}>
      {children}
    </a>
  );
}
