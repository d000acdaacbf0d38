import type { VerticalSlideBlok } from "../generated";
import { RichText } from "../richtext/RichText";
import { editableAttributes } from "../preview/editable";
import { AssetImage } from "../ui/AssetImage";
import { Link } from "./Link";
import styles from "./VerticalSlide.module.css";

export function VerticalSlide({ blok }: { blok: VerticalSlideBlok }) {
  const hasMedia = Boolean(blok.media?.filename);
  return (
    <article
      data-theme={blok.theme ?? "light"}
      className={`${styles.slide} ${hasMedia ? styles.withMedia : ""}`}
      {...editableAttributes(blok)}
    >
      <div className={styles.text}>
        <h3 className={styles.title}>{blok.title}</h3>
        <RichText className={styles.body} doc={blok.body} renderBlok={(link) => <Link blok={link} />} />
      </div>
      {hasMedia && (
        <div className={styles.media}>
          <AssetImage asset={blok.media} ratio={4 / 3} crop sizes="(min-width: 56rem) 30rem, 100vw" />
        </div>
      )}
    </article>
  );
}
