/**
 * Reference rewriting over the real content/ files and over one small story
 * per kind of reference: every story uuid and local asset path the content
 * uses is found, rewritten to the space's values, and nothing else moves.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CdnStory, JsonObject } from "../../../src/content/sources/local-cdn/story-types";
import { validateContentDirectory } from "../../../tools/content-validation/validate-directory";
import { readLocalStories, storyVersions, type LocalStory } from "../../../tools/space-push/local-stories";
import { readStoryReferenceFields, storyReferenceFields } from "../../../tools/space-push/reference-fields";
import { referencesIn, rewriteReferences, type ReferenceTargets } from "../../../tools/space-push/rewrite-references";
import { buildStoryBody, type StoryTargets } from "../../../tools/space-push/story-body";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CONTENT = join(ROOT, "content");
const COMPONENTS = join(ROOT, "schema", "components.json");

const stories = await readLocalStories(CONTENT);
const fields = await readStoryReferenceFields(COMPONENTS);
const bySlug = (slug: string): LocalStory => stories.find((story) => story.fullSlug === slug)!;

/** A space's values made up from the source ones, and the way back. */
const spaceUuid = (uuid: string) => `space-${uuid}`;
const spaceAsset = (path: string) => ({ id: 9_000_000 + path.length, filename: `https://a.example/f/1/${path.slice("/assets/".length)}` });
const toSpace: ReferenceTargets = { storyUuid: spaceUuid, asset: spaceAsset };
const rewrite = (content: JsonObject) => rewriteReferences(content, fields, toSpace);
/** A rich-text document of `content`. */
const doc = (...content: JsonObject[]): JsonObject => ({ type: "doc", content });

describe("the story reference fields", () => {
  it("are the schema's internal_stories options and relations.json's entries", () => {
    expect(Object.fromEntries([...fields].map(([component, names]) => [component, [...names]]))).toEqual({
      project: ["related"],
      card_list: ["projects"],
      single_card: ["project"],
    });
  });

  it("take option fields with source internal_stories even when relations.json leaves them out", () => {
    const found = storyReferenceFields(
      { components: [{ name: "teaser", schema: { story: { type: "option", source: "internal_stories" }, colour: { type: "option" } } }] },
      [],
    );
    expect([...found.get("teaser")!]).toEqual(["story"]);
  });
});

describe("references in content/", () => {
  it("finds every local asset path content validation checks for, and no other", async () => {
    const report = await validateContentDirectory(CONTENT);
    expect(report.problems).toEqual([]);
    const found = new Set(
      stories.flatMap((story) => storyVersions(story).flatMap((version) => [...referencesIn(version.content, fields).assets])),
    );
    const onDisk = (await Promise.all(stories.map((story) => readFile(join(CONTENT, story.file), "utf8")))).join("\n");
    const written = new Set([...onDisk.matchAll(/"(\/assets\/[^"]+)"/g)].map((match) => match[1]));
    expect([...found].sort()).toEqual([...written].sort());
  });

  it("finds every story uuid the content uses, in links, rich text and relations", () => {
    const uuids = new Set(stories.map((story) => story.sourceUuid));
    for (const story of stories) {
      for (const version of storyVersions(story)) {
        const found = referencesIn(version.content, fields).stories;
        const text = JSON.stringify(version.content);
        const written = [...uuids].filter((uuid) => text.includes(`"${uuid}"`));
        expect([...found].sort(), story.fullSlug).toEqual(written.sort());
      }
    }
  });

  it("finds home's links to itself, Atlas and Fieldnotes, and site's links to every story", () => {
    const names = (slug: string) =>
      [...referencesIn(bySlug(slug).working.content, fields).stories]
        .map((uuid) => stories.find((s) => s.sourceUuid === uuid)!.fullSlug)
        .sort();
    expect(names("home")).toEqual([
      "home",
      "projects/2024/atlas",
      "projects/fieldnotes",
      "projects/klei-atelier",
      "projects/ledger-lane",
      "projects/tidewater",
    ]);
    expect(names("site")).toEqual(
      stories
        .map((story) => story.fullSlug)
        .filter((slug) => slug !== "site")
        .sort(),
    );
  });

  it("rewrites every reference of every story: no source uuid or local path is left, and mapping back gives the file", () => {
    const fromSpace: ReferenceTargets = {
      storyUuid: (uuid) => uuid.replace(/^space-/, ""),
      asset: () => undefined,
    };
    for (const story of stories) {
      for (const version of storyVersions(story)) {
        const { content, missingStories, missingAssets } = rewrite(version.content);
        expect([...missingStories, ...missingAssets]).toEqual([]);
        const text = JSON.stringify(content);
        for (const other of stories) expect(text).not.toContain(`"${other.sourceUuid}"`);
        expect(text).not.toContain('"/assets/');
        // And back: stories by uuid; assets put back from the file (restoreAssets), the rest compared whole.
        const back = rewriteReferences(content, fields, fromSpace).content;
        expect(restoreAssets(back, version.content)).toEqual(version.content);
      }
    }
  });
});

/** Puts the source's asset ids and paths back where the rewrite put the space's, so the rest can be compared whole. */
function restoreAssets(rewritten: unknown, original: unknown): unknown {
  if (Array.isArray(rewritten)) return rewritten.map((item, index) => restoreAssets(item, (original as unknown[])[index]));
  if (typeof rewritten !== "object" || rewritten === null) return rewritten;
  const source = original as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rewritten)) {
    const was = source[key];
    copy[key] =
      typeof value === "string" && value.startsWith("https://a.example/f/1/") && typeof was === "string"
        ? was
        : key === "id" && typeof value === "number" && value >= 9_000_000
          ? was
          : restoreAssets(value, was);
  }
  return copy;
}

describe("each kind of reference", () => {
  const link = (attrs: JsonObject): JsonObject => ({
    type: "paragraph",
    content: [{ type: "text", text: "x", marks: [{ type: "link", attrs }] }],
  });
  const asset = (filename: string, id = 11): JsonObject => ({
    id,
    alt: "a",
    name: "",
    focus: "",
    title: "",
    filename,
    copyright: "",
    fieldtype: "asset",
    meta_data: {},
    is_external_url: false,
  });

  it.each<[string, JsonObject, JsonObject]>([
    [
      "an asset field: id and filename",
      { component: "project", _uid: "1", cover: asset("/assets/a.svg") },
      { component: "project", _uid: "1", cover: { ...asset("https://a.example/f/1/a.svg", 9_000_013) } },
    ],
    [
      "a multiasset: each item",
      { component: "assets_container", _uid: "1", assets: [asset("/assets/a.svg"), asset("/assets/bb.svg", 12)] },
      {
        component: "assets_container",
        _uid: "1",
        assets: [asset("https://a.example/f/1/a.svg", 9_000_013), asset("https://a.example/f/1/bb.svg", 9_000_014)],
      },
    ],
    [
      "an asset link: url and cached_url",
      {
        component: "link",
        _uid: "1",
        link: { id: "", url: "/assets/cv.pdf", linktype: "asset", fieldtype: "multilink", cached_url: "/assets/cv.pdf" },
      },
      {
        component: "link",
        _uid: "1",
        link: {
          id: "",
          url: "https://a.example/f/1/cv.pdf",
          linktype: "asset",
          fieldtype: "multilink",
          cached_url: "https://a.example/f/1/cv.pdf",
        },
      },
    ],
    [
      "a story link: its id (the uuid), not its cached_url",
      { component: "link", _uid: "1", link: { id: "u-1", url: "", linktype: "story", fieldtype: "multilink", cached_url: "projects/x" } },
      {
        component: "link",
        _uid: "1",
        link: { id: "space-u-1", url: "", linktype: "story", fieldtype: "multilink", cached_url: "projects/x" },
      },
    ],
    [
      "a rich text story link: attrs.uuid, not its href",
      {
        component: "card",
        _uid: "1",
        description: doc(link({ href: "/projects/x", uuid: "u-2", anchor: null, target: "_self", linktype: "story" })),
      },
      {
        component: "card",
        _uid: "1",
        description: doc(link({ href: "/projects/x", uuid: "space-u-2", anchor: null, target: "_self", linktype: "story" })),
      },
    ],
    [
      "a rich text asset link: attrs.href",
      {
        component: "card",
        _uid: "1",
        description: doc(link({ href: "/assets/cv.pdf", uuid: null, anchor: null, target: "_blank", linktype: "asset" })),
      },
      {
        component: "card",
        _uid: "1",
        description: doc(link({ href: "https://a.example/f/1/cv.pdf", uuid: null, anchor: null, target: "_blank", linktype: "asset" })),
      },
    ],
    [
      "a rich text image: attrs.src and attrs.id",
      {
        component: "card",
        _uid: "1",
        description: doc({
          type: "image",
          attrs: { id: 3, src: "/assets/a.svg", alt: "a", title: "", copyright: "", source: "", meta_data: {} },
        }),
      },
      {
        component: "card",
        _uid: "1",
        description: doc({
          type: "image",
          attrs: { id: 9_000_013, src: "https://a.example/f/1/a.svg", alt: "a", title: "", copyright: "", source: "", meta_data: {} },
        }),
      },
    ],
    [
      "relations: a single one and a list, also inside a block inside rich text",
      {
        component: "project",
        _uid: "1",
        related: ["u-3", "u-4"],
        description: doc({ type: "blok", attrs: { id: "b", body: [{ component: "single_card", _uid: "2", project: "u-5" }] } }),
      },
      {
        component: "project",
        _uid: "1",
        related: ["space-u-3", "space-u-4"],
        description: doc({ type: "blok", attrs: { id: "b", body: [{ component: "single_card", _uid: "2", project: "space-u-5" }] } }),
      },
    ],
    [
      "translations: a translated rich text's own links and images, a translated relation field's uuids",
      {
        component: "project",
        _uid: "1",
        description__i18n__nl: doc(link({ href: "/projects/x", uuid: "u-7", anchor: null, target: "_self", linktype: "story" }), {
          type: "image",
          attrs: { id: 3, src: "/assets/a.svg", alt: "a" },
        }),
        related__i18n__nl: ["u-8"],
        cover__i18n__nl: asset("/assets/bb.svg", 12),
      },
      {
        component: "project",
        _uid: "1",
        description__i18n__nl: doc(link({ href: "/projects/x", uuid: "space-u-7", anchor: null, target: "_self", linktype: "story" }), {
          type: "image",
          attrs: { id: 9_000_013, src: "https://a.example/f/1/a.svg", alt: "a" },
        }),
        related__i18n__nl: ["space-u-8"],
        cover__i18n__nl: asset("https://a.example/f/1/bb.svg", 9_000_014),
      },
    ],
    [
      "nothing that is not a reference: urls, emails, empty links, absolute asset URLs, an option that is not a story",
      {
        component: "link",
        _uid: "1",
        icon: "u-6",
        link: { id: "", url: "https://x.example", linktype: "url", fieldtype: "multilink", cached_url: "https://x.example" },
        other: { id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: "" },
        cover: asset("https://elsewhere.example/a.svg"),
      },
      {
        component: "link",
        _uid: "1",
        icon: "u-6",
        link: { id: "", url: "https://x.example", linktype: "url", fieldtype: "multilink", cached_url: "https://x.example" },
        other: { id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: "" },
        cover: asset("https://elsewhere.example/a.svg"),
      },
    ],
  ])("%s", (_name, given, want) => {
    const result = rewrite(given);
    expect(result.content).toEqual(want);
    expect(JSON.stringify(result.content)).toBe(JSON.stringify(want));
  });

  it("leaves what it has no target for as written, and says which", () => {
    const content: JsonObject = { component: "project", _uid: "1", related: ["u-1"], cover: asset("/assets/a.svg") };
    const result = rewriteReferences(content, fields, { storyUuid: () => undefined, asset: () => undefined });
    expect(result.content).toEqual(content);
    expect([...result.missingStories]).toEqual(["u-1"]);
    expect([...result.missingAssets]).toEqual(["/assets/a.svg"]);
  });

  it("does not change the content it was given", () => {
    const content: JsonObject = { component: "project", _uid: "1", related: ["u-1"], cover: asset("/assets/a.svg") };
    const before = structuredClone(content);
    rewrite(content);
    expect(content).toEqual(before);
  });
});

describe("what is not a reference", () => {
  /** Nothing rewritten, and nothing reported missing. */
  const expectLeftAsWritten = (content: JsonObject) => {
    const result = rewrite(content);
    expect(result.content).toEqual(content);
    expect(result.missingStories.size + result.missingAssets.size).toBe(0);
  };

  it("a local path in a field named filename outside an asset field, beside a relation that is rewritten", () => {
    const content: JsonObject = { component: "project", _uid: "1", filename: "/assets/a.svg", id: 4, related: ["u-1"] };
    expect(rewrite(content).content).toEqual({ component: "project", _uid: "1", filename: "/assets/a.svg", id: 4, related: ["space-u-1"] });
  });

  it("the id a url link kept from when it was a story link, and a url or email link to a local path", () => {
    const content: JsonObject = {
      component: "link",
      _uid: "1",
      link: { id: "u-1", url: "/assets/cv.pdf", linktype: "url", fieldtype: "multilink", cached_url: "/assets/cv.pdf" },
      mail: {
        id: "",
        email: "a@b.example",
        url: "/assets/cv.pdf",
        linktype: "email",
        fieldtype: "multilink",
        cached_url: "/assets/cv.pdf",
      },
    };
    expectLeftAsWritten(content);
  });

  it("in an asset link, only url and cached_url are the asset: a title or anchor that reads as a local path stays", () => {
    const content: JsonObject = {
      component: "link",
      _uid: "1",
      link: {
        id: "",
        url: "/assets/cv.pdf",
        title: "/assets/cv.pdf",
        anchor: "/assets/cv.pdf",
        linktype: "asset",
        fieldtype: "multilink",
        cached_url: "/assets/cv.pdf",
      },
    };
    const { filename } = spaceAsset("/assets/cv.pdf");
    expect(rewrite(content).content).toEqual({
      ...content,
      link: { ...(content.link as JsonObject), url: filename, cached_url: filename },
    });
  });

  it("a rich text url link to a local path, and the attrs of a node that is neither a link mark nor an image", () => {
    const content: JsonObject = {
      component: "card",
      _uid: "1",
      description: doc(
        {
          type: "paragraph",
          content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "/assets/cv.pdf", uuid: null, linktype: "url" } }] }],
        },
        { type: "custom", attrs: { linktype: "story", uuid: "u-1", href: "/assets/cv.pdf", src: "/assets/a.svg" } },
        { type: "custom", attrs: { linktype: "asset", href: "/assets/cv.pdf" } },
        { type: "link", attrs: { href: "/", linktype: "url" }, data: { linktype: "story", uuid: "u-2", src: "/assets/a.svg" } },
        { type: "image", attrs: { src: "https://a.example/a.svg" }, data: { src: "/assets/a.svg" } },
      ),
    };
    expectLeftAsWritten(content);
  });

  it("a rich text link or image whose attrs are null", () => {
    const content: JsonObject = {
      component: "card",
      _uid: "1",
      description: doc({ type: "image", attrs: null }, { type: "text", text: "x", marks: [{ type: "link", attrs: null }] }),
    };
    expect(rewrite(content).content).toEqual(content);
  });
});

describe("the story body", () => {
  const targets: StoryTargets = {
    ...toSpace,
    storyId: (uuid) => 100 + stories.findIndex((story) => story.sourceUuid === uuid),
    sourceUuidOfId: (id) => stories.find((story) => story.sourceId === id)?.sourceUuid,
    folderId: (slug) => ({ projects: 7, "projects/2024": 8 })[slug],
    folderIdBySourceId: (id) => ({ 512004101: 7, 512004102: 8 })[id],
  };

  it("carries the fields a push sets, parent_id the space's folder, first_published_at the content's", () => {
    const atlas = bySlug("projects/2024/atlas").working;
    const { body } = buildStoryBody(atlas, fields, targets);
    expect(Object.keys(body).sort()).toEqual([
      "content",
      "first_published_at",
      "is_startpage",
      "name",
      "parent_id",
      "path",
      "position",
      "slug",
      "sort_by_date",
      "tag_list",
    ]);
    expect(body).toMatchObject({
      name: "Atlas",
      slug: "atlas",
      parent_id: 8,
      position: 0,
      is_startpage: false,
      tag_list: ["featured", "design-system"],
      path: null,
      first_published_at: atlas.first_published_at,
    });
    expect(buildStoryBody(bySlug("home").working, fields, targets).body).toMatchObject({ parent_id: 0, path: "/" });
  });

  it("sends only a story's string tags", () => {
    const atlas = bySlug("projects/2024/atlas").working;
    const tagged = { ...atlas, tag_list: ["featured", 3, null, { name: "x" }, "design-system"] } as unknown as CdnStory;
    expect(buildStoryBody(tagged, fields, targets).body.tag_list).toEqual(["featured", "design-system"]);
  });

  it("rewrites alternates' ids and parent ids, and keeps the group that makes them alternates", () => {
    const tidewater = bySlug("projects/tidewater");
    const atlas = bySlug("projects/2024/atlas");
    const withAlternate: CdnStory = {
      ...tidewater.working,
      alternates: [
        {
          id: atlas.sourceId,
          name: "Atlas",
          slug: "atlas",
          published: true,
          full_slug: "projects/2024/atlas",
          is_folder: false,
          parent_id: 512004102,
        },
      ],
    };
    const { body, missingStories } = buildStoryBody(withAlternate, fields, targets);
    expect(missingStories.size).toBe(0);
    expect(body.group_id).toBe(tidewater.working.group_id);
    expect(body.alternates).toEqual([
      {
        id: targets.storyId(atlas.sourceUuid)!,
        name: "Atlas",
        slug: "atlas",
        published: true,
        full_slug: "projects/2024/atlas",
        is_folder: false,
        parent_id: 8,
      },
    ]);
  });

  it("leaves out what the content does not give: no position, tags as none, no alternates or group", () => {
    // A story file written by hand or by another tool may lack what the CDN always sends.
    const { position: _position, tag_list: _tags, alternates: _alternates, ...bare } = bySlug("projects/tidewater").working;
    const { body } = buildStoryBody({ ...bare, is_startpage: true } as unknown as CdnStory, fields, targets);
    expect(Object.keys(body).sort()).toEqual(
      ["content", "is_startpage", "name", "parent_id", "path", "slug", "sort_by_date", "tag_list"]
        .concat(typeof bare.first_published_at === "string" ? ["first_published_at"] : [])
        .sort(),
    );
    expect(body).toMatchObject({ is_startpage: true, tag_list: [] });
  });

  it("keeps an alternate at the root at parent 0, without asking for a folder", () => {
    const tidewater = bySlug("projects/tidewater").working;
    const asked: number[] = [];
    const { body } = buildStoryBody({ ...tidewater, alternates: [{ id: 1, name: "Home", parent_id: 0 }] }, fields, {
      ...targets,
      folderIdBySourceId: (id) => (asked.push(id), 99),
    });
    expect(body.alternates).toEqual([{ id: 1, name: "Home", parent_id: 0 }]);
    expect(asked).toEqual([]);
  });

  it("refuses a story whose folder is not in the space", () => {
    expect(() => buildStoryBody(bySlug("projects/tidewater").working, fields, { ...targets, folderId: () => undefined })).toThrow(
      /folder "projects"/,
    );
  });
});
