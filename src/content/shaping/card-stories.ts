import type { RelatedProject, ShownPage, ShownProject } from "../access/story-queries";

/**
 * Resolved relations carry each related project whole (description, body,
 * facts, its own relations), yet a card shows only a few fields. Trimming
 * them before they become page props keeps the home page's JSON small (Next
 * warns past 128 kB and every visitor downloads it).
 */
type Section = NonNullable<ShownPage["content"]["body"]>[number];

/** The fields cards read (ProjectCard, SingleCard); the rest of the project stays on its own page. */
function cardContent(project: ShownProject["content"]): ShownProject["content"] {
  const { component, _uid, title, summary, cover, year, client, tags, theme } = project;
  // Page props must be JSON: absent optional fields are left out, not set to undefined.
  return { component, _uid, title, summary, cover, year, ...(client && { client }), ...(tags && { tags }), ...(theme && { theme }) };
}

/**
 * The keys a story always carries stay (they are small); its content is
 * trimmed, and what the client adds (`_stopResolving`) is left out.
 */
function cardStory(story: RelatedProject): RelatedProject {
  const { id, uuid, name, slug, full_slug, created_at, published_at, first_published_at, sort_by_date, position } = story;
  const { tag_list, is_startpage, parent_id, meta_data, group_id, release_id, lang, path, alternates, default_full_slug } = story;
  const { updated_at, translated_slugs } = story;
  return {
    ...{ id, uuid, name, slug, full_slug, created_at, published_at, first_published_at, sort_by_date, position },
    ...{ tag_list, is_startpage, parent_id, meta_data, group_id, release_id, lang, path, alternates, default_full_slug },
    // Page props must be JSON: absent optional keys stay absent.
    ...(updated_at !== undefined && { updated_at }),
    ...(translated_slugs !== undefined && { translated_slugs }),
    content: cardContent(story.content),
  };
}

function slimSection(blok: Section): Section {
  switch (blok.component) {
    case "card_list":
      return blok.projects ? { ...blok, projects: blok.projects.map(cardStory) } : blok;
    case "single_card":
      return blok.project ? { ...blok, project: cardStory(blok.project) } : blok;
    default:
      return blok;
  }
}

export function withCardRelations(story: ShownPage): ShownPage {
  const { body } = story.content;
  return body ? { ...story, content: { ...story.content, body: body.map(slimSection) } } : story;
}

export function projectWithCardRelations(story: ShownProject): ShownProject {
  const { body, related } = story.content;
  return {
    ...story,
    content: {
      ...story.content,
      ...(body && { body: body.map(slimSection) }),
      ...(related && { related: related.map(cardStory) }),
    },
  };
}
