import type { ReactNode } from "react";
import type { SiteConfigStory } from "../generated";
import { Blocks } from "../blocks/Blocks";
import { usePageLocale } from "../i18n/page-locale";
import { uiText } from "../i18n/ui-texts";
import styles from "./SiteFrame.module.css";

/** The main landmark's id: the skip link's target, and what the document's first frame waits for (src/pages/_document.tsx). */
export const MAIN_ID = "main";

/**
 * What every page shares: skip link, the site's header, main landmark, footer.
 * Header and footer go through <Blocks> like any block, so a malformed one is
 * skipped with a log line instead of taking every page down with it.
 */
export function SiteFrame({ site, children }: { site: SiteConfigStory | null; children: ReactNode }) {
  // The schema allows one of each (maximum 1); only the first is shown.
  const header = site?.content.header?.slice(0, 1);
  const footer = site?.content.footer?.slice(0, 1);
  const locale = usePageLocale();
  return (
    <div className={styles.frame}>
      <a href={`#${MAIN_ID}`} className={styles.skip}>
        {uiText(locale, "skipToContent")}
      </a>
      <Blocks bloks={header} />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Blocks bloks={footer} />
    </div>
  );
}
