import type { AssetsContainerBlok } from "../generated";
import { editableAttributes } from "../preview/editable";
import { AssetImage } from "../ui/AssetImage";
import { Reveal } from "../ui/Reveal";
import { Section } from "../ui/Section";
import styles from "./AssetsContainer.module.css";

const SIZES = {
  grid: "(min-width: 60rem) 24rem, (min-width: 40rem) 50vw, 100vw",
  gallery: "(min-width: 60rem) 36rem, 100vw",
  strip: "(min-width: 40rem) 24rem, 80vw",
} as const;

export function AssetsContainer({ blok }: { blok: AssetsContainerBlok }) {
  const layout = blok.layout ?? "grid";
  const assets = blok.assets.filter((asset) => asset.filename);
  return (
    <Section title={blok.title} anchor={blok.anchor} editable={editableAttributes(blok)}>
      <figure className={styles.figure}>
        <ul
          className={`${styles.assets} ${styles[layout] ?? ""}`}
          tabIndex={layout === "strip" ? 0 : undefined}
          aria-label={layout === "strip" ? blok.title || "Images" : undefined}
        >
          {assets.map((asset, index) => (
            <Reveal as="li" key={asset.id ?? `${asset.filename}-${index}`} className={styles.item}>
              <AssetImage asset={asset} ratio={layout === "gallery" && index === 0 ? 16 / 9 : 4 / 3} crop sizes={SIZES[layout]} />
            </Reveal>
          ))}
        </ul>
        {blok.caption && <figcaption className={styles.caption}>{blok.caption}</figcaption>}
      </figure>
    </Section>
  );
}
