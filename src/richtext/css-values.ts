/**
 * Colours from the editor's text-style and highlight marks. React escapes
 * style values, but a value like `url(https://tracker)` would still load a
 * resource, so only plain colour syntax passes.
 */
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|rgba|hsl|hsla|oklch|oklab)\([\d\s.,%/+-]+\))$/i;

export function safeColour(value: string | null | undefined): string | undefined {
  const colour = value?.trim();
  return colour && COLOUR.test(colour) ? colour : undefined;
}

/** Paragraph and heading alignment; anything else falls back to the stylesheet. */
export function textAlign(value: string | null | undefined): "left" | "right" | "center" | "justify" | undefined {
  switch (value) {
    case "left":
    case "right":
    case "center":
    case "justify":
      return value;
    default:
      return undefined;
  }
}
