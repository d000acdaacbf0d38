import type { HeroSectionBlok } from "../generated";
import { RichText } from "../richtext/RichText";
import { editableAttributes } from "../preview/editable";
import { AnimatedText } from "../ui/AnimatedText";
import { AssetImage, WIDE_SCREEN } from "../ui/AssetImage";
import { Link } from "./Link";
import styles from "./HeroSection.module.css";

export function HeroSection({ blok }: { blok: HeroSectionBlok }) {
  const hasPortrait = Boolean(blok.portrait?.filename);
  return (
    <section data-theme={blok.theme ?? "dark"} className={styles.hero} {...editableAttributes(blok)}>
      <div className={`${styles.inner} ${hasPortrait ? styles.withPortrait : ""}`}>
        <div className={styles.text}>
          {blok.eyebrow && <p className={styles.eyebrow}>{blok.eyebrow}</p>}
          <AnimatedText as="h1" className={styles.headline} text={blok.headline} animation={blok.text_animation ?? "words"} />
          <RichText className={styles.intro} doc={blok.intro} renderBlok={(link) => <Link blok={link} />} />
          {blok.actions && blok.actions.length > 0 && (
            <div className={styles.actions}>
              {blok.actions.map((action) => (
                <Link key={action._uid} blok={action} />
              ))}
            </div>
          )}
        </div>
        {hasPortrait && (
          <div className={styles.portrait}>
            <AssetImage
              asset={blok.portrait}
              ratio={6 / 7}
              crop
              priority
              largestFrom={WIDE_SCREEN}
              sizes="(min-width: 60rem) 28rem, 80vw"
            />
          </div>
        )}
      </div>
    </section>
  );
}
