import StoryblokClient from "storyblok-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CardListBlok, PageBlok, SingleCardBlok, StoryblokStory, StoryOfRequest } from "../../../src/generated";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "../content/cdn-harness";

/**
 * What the default block types claim for the relations schema/relations.json
 * declares, checked against what a request with them gets: the real
 * storyblok-js-client against the local Content Delivery API over HTTP, on
 * the embedded content. Each declared field holds a story of its allowed
 * content types, or (unresolvable) a uuid; nothing else.
 */
let cdn: RunningCdn;
beforeAll(async () => {
  cdn = await startCdn(EMBEDDED_CONTENT);
});
afterAll(async () => cdn.close());

const OPTIONS = { version: "published", resolve_relations: "card_list.projects,single_card.project,project.related" } as const;

/** A related story as the types say it may be: a project story (its content a project) or a uuid. */
function isProjectOrUuid(value: unknown): boolean {
  if (typeof value === "string") return value.length > 0;
  const story = value as Partial<StoryblokStory<{ component?: unknown }>>;
  return typeof story.uuid === "string" && typeof story.full_slug === "string" && story.content?.component === "project";
}

describe("declared relations as storyblok-js-client delivers them", () => {
  it("home's card lists and single cards hold project stories, typed by the default types and StoryOfRequest alike", async () => {
    const client = new StoryblokClient({ accessToken: cdn.token, endpoint: `${cdn.url}/v2` });
    const { data } = await client.getStory("home", OPTIONS);
    const story = data.story as StoryOfRequest<"page", typeof OPTIONS>;
    // The request's answer is the default type here, since it sends what the project declares.
    const content: PageBlok = story.content;
    const sections = content.body ?? [];
    const cardLists = sections.filter((blok): blok is CardListBlok => blok.component === "card_list");
    const singleCards = sections.filter((blok): blok is SingleCardBlok => blok.component === "single_card");
    const related = [...cardLists.flatMap((list) => list.projects ?? []), ...singleCards.map((card) => card.project)];

    expect(related.length).toBeGreaterThan(0);
    expect(related.filter((value) => !isProjectOrUuid(value))).toEqual([]);
    // Resolved: SDK-style code reaches the story's content.
    const titles = related.map((value) => (typeof value === "string" ? value : value.content.title));
    expect(titles.some((title) => typeof title === "string" && !/^[0-9a-f-]{36}$/.test(title))).toBe(true);
  });

  it("without resolve_relations the same fields hold uuids, as the default types allow", async () => {
    const client = new StoryblokClient({ accessToken: cdn.token, endpoint: `${cdn.url}/v2` });
    const { data } = await client.getStory("home", { version: "published" });
    const content = (data.story as StoryOfRequest<"page", { version: "published" }>).content;
    const projects = (content.body ?? []).flatMap((blok) => (blok.component === "card_list" ? (blok.projects ?? []) : []));
    expect(projects.length).toBeGreaterThan(0);
    expect(projects.every((value) => typeof value === "string")).toBe(true);
  });
});
