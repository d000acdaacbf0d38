/**
 * Server only (getStaticProps and friends): the shapes of the icons a page's
 * content names, for its props. The browser gets those and the UI icons
 * (ui-icon-data.ts), not all 43 shapes on every page.
 */
import type { IconName } from "../Icon";
import { forEachObject } from "../../content/shaping/content-tree";
import { ICON_DATA } from "./icon-data";
import { UI_ICONS } from "./icon-sources";
import type { IconData } from "./icon-types";
import type { PageIcons } from "./icon-shapes";

// Every option editors can pick has a shape: a schema option without one fails to compile here.
const SHAPES: Record<IconName, IconData> = ICON_DATA;

const SHIPPED_WITH_CODE: ReadonlySet<string> = new Set(UI_ICONS);

/**
 * The shapes for every `icon` field in `content` (stories, the site config,
 * their resolved relations), except the UI icons the code already carries.
 * With `all` (the Visual Editor, `next dev`) every shape: an editor may pick
 * any icon and expects to see it without a reload.
 */
export function pageIcons(content: readonly unknown[], { all = false }: { all?: boolean } = {}): PageIcons {
  const picked: Partial<Record<IconName, IconData>> = {};
  const pick = (name: string) => {
    if (Object.hasOwn(SHAPES, name) && !SHIPPED_WITH_CODE.has(name)) picked[name as IconName] = SHAPES[name as IconName];
  };
  if (all) Object.keys(SHAPES).forEach(pick);
  else forEachObject(content, (object) => typeof object.icon === "string" && pick(object.icon));
  return picked;
}
