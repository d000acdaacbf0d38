import { preload } from "react-dom";
import type { StoryblokAsset } from "../generated";
import { dimensionsFromUrl, isVideo, srcSetFor } from "./asset-dimensions";
import styles from "./AssetImage.module.css";

interface AssetImageProps {
  asset: StoryblokAsset | undefined;
  /** Width / height used when the URL does not tell the real size. */
  ratio?: number;
  /** Crop to `ratio` (object-fit: cover) even when the real size is known. */
  crop?: boolean;
  sizes?: string;
  /** On the first screen: load at once instead of lazily, at low priority unless `largestFrom` matches. */
  priority?: boolean;
  /**
   * The media query from which this image is the first screen's largest element (its LCP): there it is
   * preloaded at high priority. A phone's narrow screen shows text first and the image at or below its
   * bottom edge, so there it stays at low priority and no request competes with the text's first paint.
   */
  largestFrom?: string;
  className?: string;
  /** Fallback alt text when the editor left the asset's own alt empty. */
  fallbackAlt?: string;
  /** The words next to the image already say what it shows: alt="" so screen readers skip it. */
  decorative?: boolean;
}

const RESPONSIVE_WIDTHS = [480, 800, 1200, 1600] as const;

/**
 * From a tablet's width on (the header's breakpoint too, HeaderContainer.module.css), a hero's image sits
 * beside or right under short text and is the first screen's largest element; on a phone it starts at the
 * screen's bottom edge or below (the home page's portrait at 730–800 px of an 823–844 px screen, the
 * project cover at 880 px), and the hero's text is the LCP.
 */
export const WIDE_SCREEN = "(min-width: 48rem)";

export function AssetImage({
  asset,
  ratio = 3 / 2,
  crop = false,
  sizes = "100vw",
  priority = false,
  largestFrom,
  className,
  fallbackAlt = "",
  decorative = false,
}: AssetImageProps) {
  const url = asset?.filename;
  if (!asset || !url) return null;
  const known = dimensionsFromUrl(url);
  const width = known && !crop ? known.width : 1200;
  const height = known && !crop ? known.height : Math.round(1200 / ratio);
  const alt = decorative ? "" : asset.alt?.trim() || fallbackAlt;
  const classes = [styles.media, crop ? styles.crop : "", className ?? ""].join(" ").trim();

  if (isVideo(url)) {
    // Videos in a portfolio are silent loops that illustrate work; they never
    // autoplay with sound, and reduced-motion users get the controls instead.
    return (
      <video
        className={classes}
        src={url}
        width={width}
        height={height}
        style={crop ? { aspectRatio: `${width} / ${height}` } : undefined}
        muted
        loop
        playsInline
        controls
        preload="metadata"
        aria-label={alt || undefined}
      />
    );
  }
  const srcSet = srcSetFor(url, RESPONSIVE_WIDTHS);
  // A first-screen image other than the LCP gets `low`: without a hint Chromium fetches the first few
  // large images (by their width and height attributes) at medium priority, and React preloads them.
  if (priority && largestFrom)
    preload(url, { as: "image", fetchPriority: "high", media: largestFrom, imageSrcSet: srcSet, imageSizes: srcSet ? sizes : undefined });
  return (
    <img
      className={classes}
      src={url}
      srcSet={srcSet}
      // `sizes` only picks among a srcset's widths: an image with one file (an SVG, say) has no use for it, and
      // every byte of the HTML counts towards its first round trip (issue 58).
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "low" : undefined}
      title={asset.title || undefined}
      // Once loaded, an image's own ratio wins over width/height; a crop pins it.
      style={crop ? { aspectRatio: `${width} / ${height}` } : undefined}
    />
  );
}
