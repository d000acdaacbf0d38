import type { ReactNode } from "react";
import type { LinkBlok } from "../generated";

/** The icon option values from the schema; "" (no icon) is handled by callers. */
export type IconName = Exclude<NonNullable<LinkBlok["icon"]>, "">;

// Stroke icons on a 24px grid, drawn in the style of Lucide so they sit
// together; inline SVG keeps them in the HTML with no extra request.
const PATHS: Record<IconName, ReactNode> = {
  "arrow-right": <path d="M5 12h14M13 6l6 6-6 6" />,
  external: <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
  github: (
    <path d="M9 19c-4.3 1.4-4.3-2.5-6-3m12 5v-3.5c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.2 4.2 0 0 0-.1-3.2s-1.1-.3-3.5 1.3a12.3 12.3 0 0 0-6.2 0C6.5 2.8 5.4 3.1 5.4 3.1a4.2 4.2 0 0 0-.1 3.2A4.6 4.6 0 0 0 4 9.5c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21" />
  ),
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M8 10v7M8 7v.01M12 17v-4a2 2 0 0 1 4 0v4M12 10v7" />
    </>
  ),
  mastodon: (
    <path d="M20 8.5c0-3.6-2.4-4.7-2.4-4.7C16.4 3.2 14.3 3 12.1 3h-.1c-2.2 0-4.3.2-5.5.8 0 0-2.4 1.1-2.4 4.7 0 4.3-.3 9.6 4 10.7 1.6.4 3 .5 4.1.4 2-.1 3.1-.7 3.1-.7l-.1-1.5s-1.4.4-3 .4c-1.6-.1-3.3-.2-3.5-2.2v-.5s1.6.4 3.5.5c1.2 0 2.3-.1 3.4-.2 2.2-.3 4-1.6 4.3-2.8.4-1.9.3-4.6.3-4.6ZM8.5 13V9a1.75 1.75 0 0 1 3.5 0v2.5M15.5 13V9A1.75 1.75 0 0 0 12 9" />
  ),
  dribbble: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M19.1 6.5C15 9.6 9 10.5 3.3 10M6.5 19.1C9.4 14.5 13.7 12.8 20.9 13.5M8.5 3.7c3.7 4.6 6 10.4 6.8 16.7" />
    </>
  ),
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  briefcase: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18" />
    </>
  ),
  "graduation-cap": <path d="m2 9 10-5 10 5-10 5L2 9Zm4 2.5V16c3 2.5 9 2.5 12 0v-4.5M22 9v6" />,
  code: <path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />,
  "pen-tool": (
    <>
      <path d="m12 19 7-7 3 3-7 7-3-3ZM18 13l-1.5-7.5L2 2l3.5 14.5L13 18l5-5ZM2 2l7.6 7.6" />
      <circle cx="11" cy="11" r="2" />
    </>
  ),
  sparkles: (
    <path d="M10 3 8.6 7.6a2 2 0 0 1-1.3 1.3L3 10.3l4.3 1.4a2 2 0 0 1 1.3 1.3L10 17.5l1.4-4.5a2 2 0 0 1 1.3-1.3l4.3-1.4-4.3-1.4a2 2 0 0 1-1.3-1.3L10 3ZM19 14v6M16 17h6M5 3v4M3 5h4" />
  ),
  "map-pin": (
    <>
      <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
      <circle cx="12" cy="10" r="3" />
    </>
  ),
};

interface IconProps {
  name: IconName | "" | undefined;
  /** Icons next to text are decoration; give a label only when the icon stands alone. */
  label?: string;
  size?: number;
  className?: string;
}

export function Icon({ name, label, size = 20, className }: IconProps) {
  if (!name) return null;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
