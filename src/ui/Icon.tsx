import { createElement } from "react";
import type { LinkBlok } from "../generated";
import { usePageIcons } from "./icons/icon-shapes";
import type { IconData } from "./icons/icon-types";
import { UI_ICON_DATA } from "./icons/ui-icon-data";

/** The icon option values from the schema; "" (no icon) is handled by callers. */
export type IconName = Exclude<NonNullable<LinkBlok["icon"]>, "">;

/**
 * The UI icons ship with the code; the content's come with the page's props
 * (page-icons.ts, which also checks that every schema option has a shape).
 */
function shapeOf(name: string, page: Readonly<Partial<Record<string, IconData>>>): IconData | undefined {
  if (Object.hasOwn(UI_ICON_DATA, name)) return UI_ICON_DATA[name as keyof typeof UI_ICON_DATA];
  return Object.hasOwn(page, name) ? page[name] : undefined;
}

interface IconProps {
  name: IconName | "" | undefined;
  /** Icons next to text are decoration; give a label only when the icon stands alone. */
  label?: string;
  size?: number;
  className?: string;
}

/** An inline SVG icon: Lucide outlines or Simple Icons logos, in the text's colour. */
export function Icon({ name, label, size = 20, className }: IconProps) {
  const page = usePageIcons();
  // Content is untrusted: a value outside the options renders nothing rather than failing the page.
  const icon = name ? shapeOf(name, page) : undefined;
  if (!icon) return null;
  const paint =
    icon.style === "stroke"
      ? { fill: "none", stroke: "currentColor", strokeWidth: 1.75, strokeLinecap: "round" as const, strokeLinejoin: "round" as const }
      : { fill: "currentColor" };
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox={icon.viewBox}
      {...paint}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {icon.shapes.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
