import type { ReactNode } from "react";
import type { SiteConfigStory } from "../generated";
import { FooterContainer } from "../blocks/FooterContainer";
import { HeaderContainer } from "../blocks/HeaderContainer";
import styles from "./SiteFrame.module.css";

/** What every page shares: skip link, the site's header, main landmark, footer. */
export function SiteFrame({ site, children }: { site: SiteConfigStory | null; children: ReactNode }) {
  const header = site?.content.header?.[0];
  const footer = site?.content.footer?.[0];
  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      {header && <HeaderContainer blok={header} />}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      {footer && <FooterContainer blok={footer} />}
    </div>
  );
}
