/**
 * The live editor loads relations it has not seen in batches of at most
 * MAX_RELATION_UUIDS (50), the most /api/preview/relations answers
 * (parseRelationUuids refuses more). A larger batch would be refused whole,
 * leaving every relation unresolved; a smaller one costs requests. Runs the
 * browser code with `fetch` replaced by a stand-in for the route that
 * applies the route's own check to each request.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchRelations, RELATIONS_ROUTE } from "../../../src/preview/relation-fetch";
import { MAX_RELATION_UUIDS, parseRelationUuids } from "../../../src/preview/relation-uuids";

/** The story open in the editor, which the route checks each request against. */
const STORY_ID = 42;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const uuids = (count: number, from = 0) => Array.from({ length: count }, (_, i) => uuid(from + i));

/** One asked batch: the uuids as the route parses them (undefined when the route would refuse the request). */
let asked: (string[] | undefined)[];
let failing: Set<number>;

/** The relations route as the browser sees it: 400 for what parseRelationUuids refuses, else a story per uuid. */
function stubRoute(answer: (ids: string[]) => unknown = (ids) => ({ stories: ids.map((id) => ({ uuid: id, name: `story ${id}` })) })) {
  asked = [];
  failing = new Set();
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const url = new URL(input, "https://site.example");
    expect(url.pathname).toBe(RELATIONS_ROUTE);
    expect(init?.credentials).toBe("same-origin");
    const ids = parseRelationUuids(url.searchParams.get("uuids") ?? undefined);
    asked.push(ids);
    if (failing.has(asked.length)) return new Response("{}", { status: 500, statusText: "Internal Server Error" });
    if (ids === undefined) return new Response('{"error":"bad uuids"}', { status: 400, statusText: "Bad Request" });
    return Response.json(answer(ids));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("batches", () => {
  it("the batch size is the route's limit, 50", () => {
    expect(MAX_RELATION_UUIDS).toBe(50);
    expect(parseRelationUuids(uuids(50).join(","))).toHaveLength(50);
    expect(parseRelationUuids(uuids(51).join(","))).toBeUndefined();
  });

  it.each([
    [1, [1]],
    [49, [49]],
    [50, [50]],
    [51, [50, 1]],
    [100, [50, 50]],
    [120, [50, 50, 20]],
  ])("%i relations: requests of %j, every one resolved", async (count, sizes) => {
    stubRoute();
    const found = await fetchRelations(uuids(count), STORY_ID);
    expect(asked.map((batch) => batch?.length)).toEqual(sizes);
    expect([...found.keys()]).toEqual(uuids(count));
    expect(found.get(uuid(count - 1))).toEqual({ uuid: uuid(count - 1), name: `story ${uuid(count - 1)}` });
  });

  it("no relations: no request", async () => {
    stubRoute();
    expect((await fetchRelations([], STORY_ID)).size).toBe(0);
    expect(asked).toEqual([]);
  });

  it("each batch asks for the next uuids in order, none twice", async () => {
    stubRoute();
    await fetchRelations(uuids(110), STORY_ID);
    expect(asked).toEqual([uuids(50), uuids(50, 50), uuids(10, 100)]);
  });
});

describe("a failed batch", () => {
  it("leaves its relations unresolved, the other batches still load, and says so once in the console", async () => {
    stubRoute();
    failing.add(2);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const found = await fetchRelations(uuids(120), STORY_ID);
    expect(asked.map((batch) => batch?.length)).toEqual([50, 50, 20]);
    expect([...found.keys()]).toEqual([...uuids(50), ...uuids(20, 100)]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain("500 Internal Server Error");
  });

  it("a network error is a failed batch, not a thrown error", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await fetchRelations(uuids(3), STORY_ID)).size).toBe(0);
    expect(errors).toHaveBeenCalledTimes(1);
  });
});

describe("what an answer may hold", () => {
  it.each([
    ["no stories key", {}],
    ["stories that is not a list", { stories: { uuid: uuid(0) } }],
    ["null", null],
    ["a list", [{ uuid: uuid(0) }]],
    ["stories without a string uuid", { stories: [{ uuid: 7 }, null, "x", { name: "no uuid" }] }],
  ])("%s: nothing is resolved, nothing is thrown", async (_name, body) => {
    stubRoute(() => body);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await fetchRelations(uuids(1), STORY_ID)).size).toBe(0);
  });

  it("a story the editor did not ask for is kept by its own uuid", async () => {
    stubRoute(() => ({ stories: [{ uuid: uuid(9), name: "other" }] }));
    expect([...(await fetchRelations(uuids(1), STORY_ID)).keys()]).toEqual([uuid(9)]);
  });
});
