import { createElement } from "react";
import type { LinkBlok } from "../generated";
import { ICON_DATA } from "./icons/icon-data";
import type { IconData } from "./icons/icon-types";

/** The icon option values from the schema; "" (no icon) is handled by callers. */
export type IconName = Exclude<NonNullable<LinkBlok["icon"]>, "">;

// Every option editors can pick has a shape: a schema option without one fails to compile here.
const SHAPES: Record<IconName, IconData> = ICON_DATA;

interface IconProps {
  name: IconName | "" | undefined;
  /** Icons next to text are decoration; give a label only when the icon stands alone. */
  label?: string;
  size?: number;
  className?: string;
}

/** An inline SVG icon: Lucide outlines or Simple Icons logos, in the text's colour. */
export function Icon({ name, label, size = 20, className }: IconProps) {
  // Content is untrusted: a value outside the options renders nothing rather than failing the page.
  const icon = name && Object.hasOwn(SHAPES, name) ? SHAPES[name] : undefined;
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
