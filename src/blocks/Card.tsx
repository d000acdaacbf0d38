import type { CardBlok } from "../generated";
import { RichText } from "../richtext/RichText";
import { editableAttributes } from "../preview/editable";
import { hrefOf } from "../content/shaping/links";
import { AssetImage } from "../ui/AssetImage";
import { Icon } from "../ui/Icon";
import { SmartLink } from "../ui/SmartLink";
import { TagList } from "../ui/TagList";
import styles from "../ui/Card.module.css";

export function Card({ blok }: { blok: CardBlok }) {
  const href = hrefOf(blok.link);
  const hasImage = Boolean(blok.image?.filename);
  return (
    <article className={`${styles.card} ${hasImage ? "" : styles.plain}`} {...editableAttributes(blok)}>
      {hasImage && (
        <div className={styles.media}>
          <AssetImage asset={blok.image} ratio={3 / 2} crop sizes="(min-width: 60rem) 24rem, (min-width: 40rem) 50vw, 100vw" />
        </div>
      )}
      <div className={styles.body}>
        {!hasImage && blok.icon && (
          <span className={styles.badge}>
            <Icon name={blok.icon} size={22} />
          </span>
        )}
        <h3 className={styles.title}>
          {href ? (
            <SmartLink href={href} target={blok.link?.target} className={styles.stretched}>
              {blok.title}
            </SmartLink>
          ) : (
            blok.title
          )}
        </h3>
        <RichText className={styles.summary} doc={blok.description} />
        <div className={styles.footer}>
          <TagList tags={blok.tags} />
          {href && <Icon name={hasImage && blok.icon ? blok.icon : "arrow-right"} className={styles.arrow} />}
        </div>
      </div>
    </article>
  );
}
