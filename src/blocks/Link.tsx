import type { LinkBlok } from "../generated";
import { editableAttributes } from "../preview/editable";
import { hrefOf } from "../content/shaping/links";
import { usePageLocale } from "../i18n/page-locale";
import { uiText } from "../i18n/ui-texts";
import { Icon } from "../ui/Icon";
import { SmartLink } from "../ui/SmartLink";
import styles from "./Link.module.css";

export function Link({ blok }: { blok: LinkBlok }) {
  const locale = usePageLocale();
  const href = hrefOf(blok.link);
  const className = `${styles.link} ${styles[blok.variant ?? "text"] ?? ""}`;
  const content = (
    <>
      <span>{blok.label}</span>
      <Icon name={blok.icon} size={18} className={styles.icon} />
    </>
  );
  // A link whose target is empty or unsafe still shows its words.
  if (!href) {
    return (
      <span className={className} {...editableAttributes(blok)}>
        {content}
      </span>
    );
  }
  const opensNewTab = blok.link.target === "_blank";
  return (
    <SmartLink href={href} target={blok.link.target} title={blok.link.title} className={className} {...editableAttributes(blok)}>
      {content}
      {opensNewTab && <span className="visually-hidden"> {uiText(locale, "opensNewTab")}</span>}
    </SmartLink>
  );
}
