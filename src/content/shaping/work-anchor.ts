import type { ShownPage } from "../access/story-queries";
import { slugify } from "./slug";

/**
 * Where "All work" on a project page leads: the home page's project list,
 * by the id its section gets (the same slugify of anchor or title as
 * <Section>), or the top of the home page when it has none: a link to an id
 * that does not exist goes nowhere.
 */
export function allWorkHref(home: ShownPage | null): string {
  const list = home?.content.body?.find((blok) => blok.component === "card_list");
  const id = list?.component === "card_list" ? slugify(list.anchor || list.title || "") : "";
  return id ? `/#${id}` : "/";
}
