/**
 * Test content for bulk publishing: the embedded content in a temp folder,
 * with `count` more projects (`projects/bulk/p01` …) that the home page's
 * card list names, so every one of them is shown on `/` as well as on its
 * own page: the case where one page is in every webhook's plan.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMBEDDED_CONTENT } from "../content/cdn-harness";

interface BulkStory {
  id: number;
  fullSlug: string;
  path: string;
}

export interface BulkContent {
  dir: string;
  projects: BulkStory[];
  /** Gives every bulk project a new title: the editor's `count` publishes. */
  edit(edition: string): Promise<void>;
  cleanup(): Promise<void>;
}

export async function makeBulkContent(count: number): Promise<BulkContent> {
  const dir = await mkdtemp(join(tmpdir(), "bulk-publish-"));
  await cp(EMBEDDED_CONTENT, dir, { recursive: true });
  const stories = join(dir, "stories");
  // Site settings that link to no project, as in webhook-handler.test.ts, so a project names only its own pages and `/`.
  const site = JSON.parse(await readFile(join(stories, "site.json"), "utf8"));
  await writeFile(
    join(stories, "site.json"),
    JSON.stringify({ ...site, content: { _uid: site.content._uid, component: "site_config", site_name: "Elena Varga" } }),
  );
  const template = JSON.parse(await readFile(join(stories, "projects/fieldnotes.json"), "utf8"));
  await mkdir(join(stories, "projects/bulk"), { recursive: true });
  const projects: BulkStory[] = [];
  const uuids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const slug = `p${String(n).padStart(2, "0")}`;
    const fullSlug = `projects/bulk/${slug}`;
    const id = 722000000 + n;
    const uuid = `00000000-0000-4000-8022-${String(n).padStart(12, "0")}`;
    uuids.push(uuid);
    // No related projects: each names no other page, so its plan is its own page and `/`.
    const content = { ...template.content, title: `Bulk ${slug}`, related: [] };
    await writeFile(
      join(stories, `${fullSlug}.json`),
      JSON.stringify({ ...template, id, uuid, name: `Bulk ${slug}`, slug, full_slug: fullSlug, content }),
    );
    projects.push({ id, fullSlug, path: `/${fullSlug}` });
  }
  const home = JSON.parse(await readFile(join(stories, "home.json"), "utf8"));
  const cards = home.content.body.find((blok: { component: string }) => blok.component === "card_list");
  cards.projects = [...cards.projects, ...uuids];
  await writeFile(join(stories, "home.json"), JSON.stringify(home));
  async function edit(edition: string): Promise<void> {
    for (const project of projects) {
      const file = join(stories, `${project.fullSlug}.json`);
      const story = JSON.parse(await readFile(file, "utf8"));
      await writeFile(file, JSON.stringify({ ...story, content: { ...story.content, title: `Bulk ${story.slug}, ${edition}` } }));
    }
  }
  return { dir, projects, edit, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
