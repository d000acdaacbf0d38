import { safeHref } from "../security/safe-url";
import { dimensionsFromUrl } from "../ui/asset-dimensions";
import { stringAttr, type Attrs } from "../validation/rich-text-values";
import styles from "./RichText.module.css";

/**
 * An image node: `src`, `alt` and `title` as Storyblok writes them, the src
 * only with a safe scheme. Not its asset `id` (@storyblok/richtext writes
 * `id="123"`, which repeats wherever the asset does; ids must be unique).
 */
export function imageElement(attrs: Attrs) {
  const src = safeHref(stringAttr(attrs, "src"));
  if (!src) return null;
  const size = dimensionsFromUrl(src);
  return (
    <img
      className={styles.image}
      src={src}
      // No alt text in the content: decorative, said explicitly rather than left for the reader to guess.
      alt={stringAttr(attrs, "alt") ?? ""}
      title={stringAttr(attrs, "title") || undefined}
      width={size?.width}
      height={size?.height}
      loading="lazy"
      decoding="async"
    />
  );
}

/** An emoji node as Storyblok writes it (`data-name`, `data-emoji`), with the name for assistive technology. */
export function emojiElement(attrs: Attrs) {
  const name = stringAttr(attrs, "name");
  const emoji = stringAttr(attrs, "emoji");
  return (
    <span data-name={name || undefined} data-emoji={emoji || undefined} role={name ? "img" : undefined} aria-label={name || undefined}>
      {emoji}
    </span>
  );
}
