import Head from "next/head";
import type { ReactNode } from "react";
import type { SiteConfigStory } from "../generated";
import { ERROR_TEXTS } from "../errors/error-texts";
import { usePageLocale } from "../i18n/page-locale";
import { Icon } from "../ui/Icon";
import { SmartLink } from "../ui/SmartLink";
import { SiteFrame } from "./SiteFrame";
import styles from "./ErrorLayout.module.css";
import pillStyles from "../ui/PillButton.module.css";

interface ErrorLayoutProps {
  site: SiteConfigStory | null;
  code: string;
  heading: ReactNode;
  children: ReactNode;
  /** The browser tab's title. */
  title: string;
}

/** 404, 500 and other errors: the site's frame, a plain message and a way home. */
export function ErrorLayout({ site, code, heading, children, title }: ErrorLayoutProps) {
  const locale = usePageLocale();
  return (
    <SiteFrame site={site}>
      <Head>
        <title>{title}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <section className={styles.error}>
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
        <h1 className={styles.heading}>{heading}</h1>
        <div className={styles.message}>{children}</div>
        <SmartLink href="/" className={`${pillStyles.pill} ${styles.home}`}>
          {ERROR_TEXTS[locale].backHome}
          <Icon name="arrow-right" size={18} />
        </SmartLink>
      </section>
    </SiteFrame>
  );
}
