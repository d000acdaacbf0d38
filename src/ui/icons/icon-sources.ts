/**
 * Every icon editors can choose (the `icon` options in schema/components.json
 * list exactly these values) and where it comes from: UI icons from Lucide,
 * brand logos from Simple Icons, both as packaged by Iconify. Only these
 * icons' shapes are copied into icon-data.ts (`npm run icons`), so the site
 * never carries a whole set.
 *
 * The values are what stories store: renaming one breaks content, adding one
 * needs the schema option and `npm run codegen`.
 */
export type IconSet = "lucide" | "simple-icons";

export interface IconSource {
  set: IconSet;
  /** The icon's name in its set. */
  name: string;
  /** The option's name in the editor, and the icon's accessible name when it stands alone. */
  label: string;
}

const lucide = (name: string, label: string): IconSource => ({ set: "lucide", name, label });
const brand = (name: string, label: string): IconSource => ({ set: "simple-icons", name, label });

export const ICON_SOURCES = {
  // Navigation and actions
  "arrow-right": lucide("arrow-right", "Arrow right"),
  "arrow-left": lucide("arrow-left", "Arrow left"),
  "arrow-up": lucide("arrow-up", "Arrow up"),
  "arrow-down": lucide("arrow-down", "Arrow down"),
  "arrow-up-right": lucide("arrow-up-right", "Arrow up right"),
  external: lucide("external-link", "External link"),
  home: lucide("house", "Home"),
  info: lucide("info", "Info"),
  projects: lucide("folder-kanban", "Projects"),
  timeline: lucide("git-commit-horizontal", "Timeline"),
  menu: lucide("menu", "Menu"),
  close: lucide("x", "Close"),
  download: lucide("download", "Download"),
  // Contact
  mail: lucide("mail", "Email"),
  contacts: lucide("contact", "Contacts"),
  "map-pin": lucide("map-pin", "Location"),
  // Work and skills
  briefcase: lucide("briefcase", "Briefcase"),
  "graduation-cap": lucide("graduation-cap", "Graduation cap"),
  code: lucide("code", "Code"),
  "pen-tool": lucide("pen-tool", "Pen tool"),
  sparkles: lucide("sparkles", "Sparkles"),
  // Code hosting and networks
  github: brand("github", "GitHub"),
  gitlab: brand("gitlab", "GitLab"),
  bitbucket: brand("bitbucket", "Bitbucket"),
  // Removed from Simple Icons 10 at LinkedIn's request; Iconify keeps the last shape (hidden from search).
  linkedin: brand("linkedin", "LinkedIn"),
  mastodon: brand("mastodon", "Mastodon"),
  dribbble: brand("dribbble", "Dribbble"),
  behance: brand("behance", "Behance"),
  // Frameworks and languages
  react: brand("react", "React"),
  nextjs: brand("nextdotjs", "Next.js"),
  vue: brand("vuedotjs", "Vue.js"),
  svelte: brand("svelte", "Svelte"),
  angular: brand("angular", "Angular"),
  astro: brand("astro", "Astro"),
  typescript: brand("typescript", "TypeScript"),
  tailwindcss: brand("tailwindcss", "Tailwind CSS"),
  // Design tools
  figma: brand("figma", "Figma"),
  sketch: brand("sketch", "Sketch"),
  framer: brand("framer", "Framer"),
  // Headless CMS
  storyblok: brand("storyblok", "Storyblok"),
  contentful: brand("contentful", "Contentful"),
  sanity: brand("sanity", "Sanity"),
  strapi: brand("strapi", "Strapi"),
} as const satisfies Record<string, IconSource>;

export type IconSourceName = keyof typeof ICON_SOURCES;

/**
 * The icons the site's own code draws whatever the content says (the menu
 * button, the arrows on cards and links, the external-link mark, the
 * timeline's default): their shapes ship with the code, in ui-icon-data.ts.
 * Every other shape reaches the browser only with a page that shows it
 * (page-icons.ts), so a page does not download 43 icons to draw 6.
 */
export const UI_ICONS = ["arrow-right", "briefcase", "close", "external", "menu"] as const satisfies readonly IconSourceName[];

export type UiIconName = (typeof UI_ICONS)[number];
