/**
 * The translations of a story's published version (tools/migrations/space/
 * published-translations.ts), in-process: the space's languages and its
 * components' translatable fields read from the local Management API over
 * HTTP (the components only when the space has languages), and a language's
 * answer set beside the default one as `field__i18n__code`, only for a
 * translatable field of the same block (same component, same `_uid`) whose
 * value differs, at any depth. `migrate run --space` republishes a pending
 * story's published version with these; one dropped would be a translation
 * lost on the site. The CLI's tests reach these through a child process;
 * these pin them where mutation testing sees them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CdnStory, JsonObject } from "../../../src/content/sources/local-cdn/story-types";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { readSpaceLanguages, withTranslations } from "../../../tools/migrations/space/published-translations";
import { OAUTH_TOKEN, removeDirs, SPACE_ID, spaceWithComponents, startLocalSpace, type LocalSpace } from "../management/space-harness";

describe("readSpaceLanguages", () => {
  const dirs: string[] = [];
  let space: LocalSpace;
  let client: ManagementClient;
  // Set by a test: how the space's answer to `GET /v1/spaces/:id` is changed on its way back.
  let rewriteSpace: ((space: Record<string, unknown>) => void) | undefined;

  beforeAll(async () => {
    const dir = await spaceWithComponents();
    dirs.push(dir);
    space = await startLocalSpace(dir, {
      requestsPerSecond: Number.POSITIVE_INFINITY,
      intercept: async (request, forward) => {
        const answer = await forward(request);
        if (rewriteSpace === undefined || request.method !== "GET" || !/\/v1\/spaces\/\d+$/.test(new URL(request.url).pathname))
          return answer;
        const body = (await answer.json()) as { space: Record<string, unknown> };
        rewriteSpace(body.space);
        return Response.json(body, { status: answer.status, headers: answer.headers });
      },
    });
    client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
  });
  afterAll(async () => {
    await space?.close();
    await removeDirs(dirs);
  });
  beforeEach(async () => {
    rewriteSpace = undefined;
    await client.spaces.update({ body: { space: { languages: [] } } });
  });

  const pathsAsked = async (read: () => Promise<unknown>) => {
    const before = space.mapi.requests.length;
    await read();
    return space.mapi.requests.slice(before).map((request) => `${request.method} ${request.path.split("?")[0]}`);
  };

  it("of a space with one language: no codes, no translatable fields, and its components are not read", async () => {
    let read: Awaited<ReturnType<typeof readSpaceLanguages>> | undefined;
    expect(await pathsAsked(async () => (read = await readSpaceLanguages(client)))).toEqual([`GET /v1/spaces/${SPACE_ID}`]);
    expect(read!.codes).toEqual([]);
    expect(read!.translatable.size).toBe(0);
  });

  it("of a space with languages: their codes, and each component's translatable fields as the space's schema has them", async () => {
    await client.spaces.update({
      body: {
        space: {
          languages: [
            { code: "nl", name: "Nederlands" },
            { code: "de", name: "Deutsch" },
          ],
        },
      },
    });
    const { codes, translatable } = await readSpaceLanguages(client);
    expect(codes).toEqual(["nl", "de"]);
    expect(translatable.get("page")).toEqual(new Set(["seo_title", "seo_description"]));
    expect(translatable.get("hero_section")).toEqual(new Set(["eyebrow", "headline", "intro"]));
    // Every component of the space, those without a translatable field too.
    const { data } = await client.components.list({});
    expect([...translatable.keys()].sort()).toEqual(data.components.map((component) => component.name).sort());
  });

  it("reads an answer without languages as none, and leaves out a language without a code", async () => {
    rewriteSpace = (answer) => delete answer.languages;
    expect((await readSpaceLanguages(client)).codes).toEqual([]);
    rewriteSpace = (answer) => {
      answer.languages = [{ name: "No code" }, { code: null, name: "Null code" }, { code: "fr", name: "Français" }];
    };
    const { codes, translatable } = await readSpaceLanguages(client);
    expect(codes).toEqual(["fr"]);
    expect(translatable.get("page")).toEqual(new Set(["seo_title", "seo_description"]));
  });
});

describe("withTranslations", () => {
  const translatable = new Map([
    ["page", new Set(["seo_title", "seo_description"])],
    ["hero_section", new Set(["headline", "eyebrow", "intro"])],
    ["card", new Set(["title"])],
  ]);
  const story = (content: JsonObject): CdnStory =>
    ({
      id: 7,
      uuid: "uuid-7",
      name: "Home",
      slug: "home",
      full_slug: "home",
      position: 0,
      is_startpage: false,
      published_at: "2026-01-01T00:00:00.000Z",
      content,
    }) as CdnStory;
  const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

  it("sets each translatable field whose value differs beside its default value, in blocks at any depth", () => {
    const english = story({
      component: "page",
      _uid: "page-1",
      seo_title: "Home",
      seo_description: "Same in both",
      noindex: false,
      body: [
        {
          component: "hero_section",
          _uid: "hero-1",
          headline: "Hello",
          eyebrow: "Welcome",
          intro: doc("Intro"),
          theme: "dark",
          actions: [{ component: "card", _uid: "card-1", title: "Read", icon: null }],
        },
      ],
    });
    const dutch = story({
      component: "page",
      _uid: "page-1",
      seo_title: "Thuis",
      seo_description: "Same in both",
      noindex: false,
      body: [
        {
          component: "hero_section",
          _uid: "hero-1",
          headline: "Hallo",
          // No eyebrow in this answer: nothing to set.
          intro: doc("Inleiding"),
          // Not translatable: the default language's value stays alone.
          theme: "donker",
          actions: [{ component: "card", _uid: "card-1", title: "Lees", icon: null }],
        },
      ],
    });
    const before = structuredClone(english);
    const merged = withTranslations(english, "nl", dutch, translatable);
    expect(merged).toStrictEqual({
      ...english,
      content: {
        component: "page",
        _uid: "page-1",
        seo_title: "Home",
        seo_title__i18n__nl: "Thuis",
        seo_description: "Same in both",
        noindex: false,
        body: [
          {
            component: "hero_section",
            _uid: "hero-1",
            headline: "Hello",
            headline__i18n__nl: "Hallo",
            eyebrow: "Welcome",
            intro: doc("Intro"),
            intro__i18n__nl: doc("Inleiding"),
            theme: "dark",
            actions: [{ component: "card", _uid: "card-1", title: "Read", title__i18n__nl: "Lees", icon: null }],
          },
        ],
      },
    });
    // The story given is left as it was.
    expect(english).toStrictEqual(before);
  });

  it("translates nothing of a block that is not the same block there (another `_uid` or component), nor of a field with no block", () => {
    const english = story({
      component: "page",
      _uid: "page-1",
      seo_title: "Home",
      body: [
        { component: "card", _uid: "card-1", title: "One" },
        { component: "card", _uid: "card-2", title: "Two", nested: { title: "Plain object" } },
        { component: "card", _uid: "card-3", title: "Three" },
      ],
    });
    const other = story({
      component: "page",
      _uid: "page-other",
      seo_title: "Thuis",
      body: [
        { component: "card", _uid: "card-x", title: "Een" },
        { component: "hero_section", _uid: "card-2", title: "Twee", nested: { title: "Gewoon object" } },
        { component: "card", _uid: "card-3", title: "Drie" },
      ],
    });
    const merged = withTranslations(english, "nl", other, translatable);
    // The page and the first two cards are not the same blocks; the third is.
    expect(merged.content).toStrictEqual({
      ...english.content,
      body: [
        { component: "card", _uid: "card-1", title: "One" },
        { component: "card", _uid: "card-2", title: "Two", nested: { title: "Plain object" } },
        { component: "card", _uid: "card-3", title: "Three", title__i18n__nl: "Drie" },
      ],
    });
  });

  it("walks past an answer of another shape (a list where an object was, null, a missing list) without failing", () => {
    const english = story({
      component: "page",
      _uid: "page-1",
      body: [{ component: "card", _uid: "card-1", title: "One" }],
      header: [{ component: "card", _uid: "card-2", title: "Two" }],
      link: { url: "/a", linktype: "url" },
      text: "words",
    });
    const other = story({
      component: "page",
      _uid: "page-1",
      body: [null],
      header: { component: "card", _uid: "card-2", title: "Twee" },
      link: ["/b"],
      text: "woorden",
    });
    expect(withTranslations(english, "nl", other, translatable).content).toStrictEqual(english.content);
  });
});
