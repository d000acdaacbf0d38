/**
 * `migrate run --space` and `migrate undo --space` on a local space (the
 * local Management API and CDN over HTTP, at Storyblok's 3 requests per
 * second) filled by `space push` from content/, with one more story saved
 * and never published. The migration is written as a developer writes it
 * (tests/unit/migrate/scenarios.test.ts's support): hero_section.headline
 * renamed to title, and project.status added, required, "live". The CLI
 * runs as `npm run portfolio` runs it; the space is read back through the
 * CDN with its public token (published versions) and its preview token
 * (drafts), each with the real storyblok-js-client.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import type { AnsweredRequest } from "../../../tools/local-management-api/request-log";
import { pushContent } from "../../../tools/space-push";
import { createManagementClient } from "../../../tools/management-api/management-client";
import { cdnStories, spaceStoryRows } from "../management/space-push-readback";
import {
  busiestSecond,
  COMPONENTS,
  CONTENT,
  isWrite,
  OAUTH_TOKEN,
  removeDirs,
  spaceWithComponents,
  SPACE_ID,
  startLocalSpace,
  type LocalSpace,
} from "../management/space-harness";
import { Project } from "./support/project";

type Blok = Record<string, unknown> & { component: string };

const project = new Project();
const dirs: string[] = [];
let dir: string;
let space: LocalSpace;
let id: string;
/** What the space held before any migration: published and draft versions by full slug. */
let before: SpaceView;

interface SpaceView {
  published: Map<string, CdnStory>;
  drafts: Map<string, CdnStory>;
  rows: Map<string, { published: boolean; unpublished_changes: boolean }>;
}

/** The space as visitors (public token), editors (preview token) and the Management API see it, read by a fresh server: no client cache in the way. */
async function readSpace(): Promise<SpaceView> {
  await space.close();
  space = await startLocalSpace(dir);
  const byslug = (stories: CdnStory[]) => new Map(stories.map((story) => [story.full_slug, story]));
  const rows = (await spaceStoryRows(space.client())).filter((row) => !row.is_folder);
  return {
    published: byslug(await cdnStories(space.publicClient(), "published")),
    drafts: byslug(await cdnStories(space.previewClient(), "draft")),
    rows: new Map(rows.map((row) => [row.full_slug, { published: row.published, unpublished_changes: row.unpublished_changes }])),
  };
}

/** The CLI on the space, and the requests the server answered meanwhile. */
async function onSpace(
  command: "run" | "undo",
  ...flags: string[]
): Promise<{ code: number; stdout: string; stderr: string; log: AnsweredRequest[] }> {
  await quietSecond();
  const from = space.mapi.requests.length;
  const space_ = ["--space", String(SPACE_ID), "--token", OAUTH_TOKEN, "--api-url", space.apiUrl];
  const cdn = command === "run" ? ["--public-token", space.token, "--cdn-url", `${space.url}/v2`] : [];
  const result = await project.portfolio("migrate", command, ...space_, ...cdn, ...flags);
  return { ...result, log: space.mapi.requests.slice(from) };
}

/** `schema push` of the project's schema/ to the space, and the requests the server answered meanwhile. */
async function schemaPush(...flags: string[]): Promise<{ code: number; stdout: string; stderr: string; log: AnsweredRequest[] }> {
  await quietSecond();
  const from = space.mapi.requests.length;
  const result = await project.portfolio(
    "schema",
    "push",
    "--space",
    String(SPACE_ID),
    "--token",
    OAUTH_TOKEN,
    "--api-url",
    space.apiUrl,
    ...flags,
  );
  return { ...result, log: space.mapi.requests.slice(from) };
}

/**
 * Waits until the server's last second holds no request: the CLI is another
 * process with its own request window, which cannot know of the test's or
 * the previous command's requests, as two programs on one token cannot.
 */
async function quietSecond(): Promise<void> {
  const last = space.mapi.requests.at(-1)?.at;
  if (last !== undefined) await new Promise((resolve) => setTimeout(resolve, Math.max(0, last + 1000 - Date.now())));
}

const heroOf = (story: CdnStory | undefined) => (story!.content.body as Blok[])[0]!;

/** The published version as Dutch visitors see it (`language=nl`): where its translations show. */
async function publishedInDutch(slug: string): Promise<CdnStory["content"]> {
  const answer = (await space.publicClient().get(`cdn/stories/${slug}`, { version: "published", language: "nl" })) as {
    data: { story: CdnStory };
  };
  return answer.data.story.content;
}
let fieldnotesInDutch: CdnStory["content"];
const writes = (log: AnsweredRequest[]) => log.filter(isWrite).map((request) => `${request.method} ${request.path}`);

beforeAll(async () => {
  // The migration, as in the scenarios: schema edited, generate, migrate new, the scaffold filled in.
  project.editSchema((components) => {
    const hero = components.get("hero_section")!;
    const { headline: field, ...rest } = hero.schema;
    hero.schema = { title: field!, ...rest };
    components.get("project")!.schema.status = {
      type: "option",
      pos: 30,
      required: true,
      options: [
        { name: "Live", value: "live" },
        { name: "Archived", value: "archived" },
      ],
      default_value: "live",
      exclude_empty_option: true,
    };
  });
  expect((await project.portfolio("generate")).code).toBe(0);
  const created = await project.portfolio("migrate", "new", "hero-title-project-status", "--rename", "hero_section.headline=title");
  expect(created.code, created.stderr).toBe(0);
  id = project.migrationId("hero-title-project-status");
  const uses = [project.signature(id, "hero_section"), project.signature(id, "project")].some((line) => line.includes("Migrating<"))
    ? ["renameField", "type Migrating"]
    : ["renameField"];
  project.fill(
    id,
    uses,
    [
      project.signature(id, "hero_section"),
      // The headline's Dutch translation is renamed with it.
      '    return renameField(block, "headline", "title");',
      "  },",
      project.signature(id, "project"),
      '    return { ...block, status: "live" };',
      "  },",
    ].join("\n"),
  );

  // The space: content/ pushed with no limit (the push is not under test), one story more saved as a draft only.
  dir = await spaceWithComponents();
  dirs.push(dir);
  const filling = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
  try {
    const client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: filling.apiUrl, requestsPerSecond: 1000 });
    await pushContent(client, { spaceId: SPACE_ID, dir: CONTENT, componentsPath: COMPONENTS, target: filling.apiUrl });
    const rows = await spaceStoryRows(client);
    const tidewater = (await client.stories.get(rows.find((row) => row.full_slug === "projects/tidewater")!.id)).data.story!;
    await client.stories.create({
      body: { story: { name: "Sketchbook", slug: "sketchbook", parent_id: tidewater.parent_id, content: tidewater.content } } as never,
    });
  } finally {
    await filling.close();
  }
  space = await startLocalSpace(dir);
  before = await readSpace();
  fieldnotesInDutch = await publishedInDutch("projects/fieldnotes");
}, 240_000);

afterAll(async () => {
  await space?.close();
  await removeDirs(dirs);
  project.remove();
});

describe("migrate run --space", () => {
  it("starts from a space with a published story, a pending draft and a never-published story", () => {
    expect(before.rows.get("home")).toEqual({ published: true, unpublished_changes: false });
    expect(before.rows.get("projects/fieldnotes")).toEqual({ published: true, unpublished_changes: true });
    expect(before.rows.get("projects/sketchbook")).toEqual({ published: false, unpublished_changes: true });
    expect(before.published.get("projects/fieldnotes")!.content).not.toEqual(before.drafts.get("projects/fieldnotes")!.content);
  });

  it("--dry-run migrates and checks every version, and makes no write request", async () => {
    const dry = await onSpace("run", "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(
      "home (published): 1 block changed (hero_section); fields touched: hero_section.headline, hero_section.headline__i18n__nl, hero_section.title, hero_section.title__i18n__nl",
    );
    expect(dry.stdout).toContain("projects/fieldnotes (published): 1 block changed (project); fields touched: project.status");
    expect(dry.stdout).toContain("projects/fieldnotes (pending draft): 1 block changed (project); fields touched: project.status");
    expect(dry.stdout).toContain("projects/sketchbook (draft): 1 block changed (project)");
    expect(dry.stdout).toContain("Dry run: every result is valid; nothing was written.");
    expect(dry.log.length).toBeGreaterThan(0);
    expect(writes(dry.log)).toEqual([]);
  });

  it("schema push refuses the new schema while the space has not had the migration, and says which", async () => {
    const refused = await schemaPush("--yes");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("Refused, nothing was written: 3 breaking change(s):");
    expect(refused.stderr).toContain("  field hero_section.headline: removed");
    expect(refused.stderr).toContain(
      `Not yet covered by migrations: the space has not had 1 migration(s): ${id} (\`portfolio migrate run --space 1\` runs them).`,
    );
    expect(writes(refused.log)).toEqual([]);
  });

  it("without the public token it cannot read a pending story's published version: it says so and writes nothing", async () => {
    const from = space.mapi.requests.length;
    await quietSecond();
    // The CLI inherits the environment: no public token there either.
    const publicToken = process.env.STORYBLOK_TOKEN;
    delete process.env.STORYBLOK_TOKEN;
    let refused: Awaited<ReturnType<typeof project.portfolio>>;
    try {
      refused = await project.portfolio("migrate", "run", "--space", String(SPACE_ID), "--token", OAUTH_TOKEN, "--api-url", space.apiUrl);
    } finally {
      if (publicToken !== undefined) process.env.STORYBLOK_TOKEN = publicToken;
    }
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("projects/fieldnotes has unpublished changes");
    expect(refused.stderr).toContain("--public-token or STORYBLOK_TOKEN");
    expect(writes(space.mapi.requests.slice(from))).toEqual([]);
  });

  it("a result that fails validation names the story, the version and the block path, and nothing is written", async () => {
    const good = project.read(`migrations/${id}.ts`);
    const broken = good.replace(
      'return renameField(block, "headline", "title");',
      'return { ...renameField(block, "headline", "title"), title: "" };',
    );
    expect(broken).not.toBe(good);
    project.write(`migrations/${id}.ts`, broken);
    try {
      const refused = await onSpace("run");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^ {2}home \(published\): content\(page\)\.body\[0\]\(hero_section\)\.title: .*required/m);
      expect(refused.stderr).toContain("nothing was written");
      expect(writes(refused.log)).toEqual([]);
    } finally {
      project.write(`migrations/${id}.ts`, good);
    }
  });

  it("writes every story in the state it had, migrated, within 3 requests a second", async () => {
    const run = await onSpace("run");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Wrote 7 story(ies) to space 1");
    expect(busiestSecond(run.log)).toBeLessThanOrEqual(3);
    expect(run.log.filter((request) => request.status === 429)).toEqual([]);
    // Every published story saved and published; fieldnotes published, then its draft saved; sketchbook saved only.
    const saves = writes(run.log).filter((write) => write.startsWith("PUT"));
    expect(saves).toHaveLength(8);

    const after = await readSpace();
    expect(after.rows).toEqual(before.rows);
    // Published versions: migrated, and otherwise as they were (visitors see the rename and the status).
    const home = heroOf(after.published.get("home"));
    expect(home.title).toBe(heroOf(before.published.get("home")).headline);
    expect(home).not.toHaveProperty("headline");
    for (const slug of ["projects/fieldnotes", "projects/tidewater", "projects/2024/atlas"]) {
      expect(after.published.get(slug)!.content).toEqual({ ...before.published.get(slug)!.content, status: "live" });
    }
    // The pending draft is still pending, migrated from the draft (not from the published version).
    expect(after.drafts.get("projects/fieldnotes")!.content).toEqual({
      ...before.drafts.get("projects/fieldnotes")!.content,
      status: "live",
    });
    expect(after.published.get("projects/fieldnotes")!.content).not.toEqual(after.drafts.get("projects/fieldnotes")!.content);
    // The published version under the draft is read from the CDN, language by language: republished, it keeps its Dutch.
    expect(fieldnotesInDutch.title).not.toBe(before.published.get("projects/fieldnotes")!.content.title);
    expect(await publishedInDutch("projects/fieldnotes")).toEqual({ ...fieldnotesInDutch, status: "live" });
    // The never-published story: migrated, still only a draft.
    expect(after.published.has("projects/sketchbook")).toBe(false);
    expect(after.drafts.get("projects/sketchbook")!.content.status).toBe("live");
  });

  it("records the migration in the space, so a second run has nothing to do", async () => {
    const entries = await space.client().datasourceEntries.list({ query: { datasource_slug: "portfolio-migrations" } as never });
    expect((entries.data.datasource_entries ?? []).map((entry) => entry.name)).toEqual([id]);
    const again = await onSpace("run");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("Nothing to run: space 1 has had every migration");
    expect(writes(again.log)).toEqual([]);
  });

  it("schema push then applies the breaking changes without --allow-breaking: the stories have been through them", async () => {
    const pushed = await schemaPush("--yes");
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toContain(
      "The breaking changes are ones the space's stories have been through: the space has had every migration in migrations/ (1), and schema/ is the last one's schema.",
    );
    expect(writes(pushed.log)).toHaveLength(2);
    const components = (await space.client().components.list()).data.components ?? [];
    const hero = components.find((component) => component.name === "hero_section")!.schema as Record<string, unknown>;
    expect(Object.keys(hero)).toContain("title");
    expect(Object.keys(hero)).not.toContain("headline");
  });

  it("undo --space refuses while a story was edited since the run, naming it, and writes nothing", async () => {
    const client = space.client();
    const home = (await spaceStoryRows(client)).find((row) => row.full_slug === "home")!;
    const story = (await client.stories.get(home.id)).data.story!;
    await client.stories.update(home.id, {
      body: { story: { name: story.name, content: { ...story.content, seo_title: "Edited after the run" } } } as never,
    });
    const refused = await onSpace("undo");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("stories edited since the run");
    // Only the edited story: the others' working copies are as the run left them.
    expect(refused.stderr.split("\n").filter((line) => line.includes("changed since:"))).toEqual(["  changed since: home"]);
    expect(writes(refused.log)).toEqual([]);
  });

  it("undo --space --force puts every story back in its state (the edit too) and forgets the run", async () => {
    const undo = await onSpace("undo", "--force");
    expect(undo.code, undo.stderr).toBe(0);
    expect(busiestSecond(undo.log)).toBeLessThanOrEqual(3);
    expect(undo.log.filter((request) => request.status === 429)).toEqual([]);
    const after = await readSpace();
    expect(after.rows).toEqual(before.rows);
    for (const [slug, story] of before.published) expect([slug, after.published.get(slug)!.content]).toEqual([slug, story.content]);
    for (const [slug, story] of before.drafts) expect([slug, after.drafts.get(slug)!.content]).toEqual([slug, story.content]);
    const datasources = await space.client().datasources.list();
    expect((datasources.data.datasources ?? []).map((datasource) => datasource.slug)).not.toContain("portfolio-migrations");
    expect((await onSpace("undo")).stderr).toContain("Nothing undone: no run to undo");
  });

  it("stops before writing when the space has an open release, and says why", async () => {
    // As Storyblok documents it; the client has no releases resource, so through its escape hatch.
    const created = await space.client().post(`/v1/spaces/${SPACE_ID}/releases`, {
      body: { release: { name: "Summer Special", release_at: "2030-01-01 01:01" } },
      throwOnError: true,
    });
    expect(created.response.status).toBe(201);
    const refused = await onSpace("run");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Space 1 has 1 open release(s): "Summer Special"');
    expect(refused.stderr).toContain("would publish past the release");
    expect(writes(refused.log)).toEqual([]);
  });
});
