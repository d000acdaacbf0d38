/**
 * What every /v1 request goes through before its endpoint: the token (401),
 * the rate limit (429, a rolling second on the emulator's own clock), the
 * space (404), and the log of answered requests tests count. Also: writes
 * that arrive together are all kept.
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { admissionTimes } from "../../management/admissions";
import { failure, SPACE_ID, startManagementApi, tempContentDir, TOKEN, type RunningManagementApi } from "./mapi-harness";

let api: RunningManagementApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe("the token", () => {
  it("accepts the personal access token raw and as Bearer; anything else is a 401", async () => {
    api = await startManagementApi();
    expect((await api.call("GET", "components")).status).toBe(200);
    expect((await api.call("GET", "components", undefined, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    for (const authorization of ["wrong", `Bearer wrong`, ""]) {
      const response = await api.call("GET", "components", undefined, { authorization });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Unauthorized" });
    }
    const none = await fetch(`${api.url}/v1/spaces/${SPACE_ID}/components`);
    expect(none.status).toBe(401);
    expect(await failure(api.client({ token: "wrong" }).components.list())).toEqual({ status: 401, data: { error: "Unauthorized" } });
  });

  it("checks the token before the space: a wrong token on an unknown space is still a 401", async () => {
    api = await startManagementApi();
    const response = await fetch(`${api.url}/v1/spaces/1/components`, { headers: { authorization: "wrong" } });
    expect(response.status).toBe(401);
    expect((await fetch(`${api.url}/v1/spaces/1/components`, { headers: { authorization: TOKEN } })).status).toBe(404);
    expect((await api.call("GET", "no-such-resource")).status).toBe(404);
  });
});

describe("the rate limit", () => {
  it("admits 3 requests in a rolling second and answers the 4th with 429, until the second has passed", async () => {
    let now = 1_000_000;
    api = await startManagementApi(undefined, { requestsPerSecond: 3, now: () => now });
    const statuses = async (n: number) =>
      Promise.all(Array.from({ length: n }, () => api!.call("GET", "components").then((r) => r.status)));
    expect((await statuses(4)).sort()).toEqual([200, 200, 200, 429]);
    const refused = await api.call("GET", "components");
    expect(await refused.json()).toEqual({ error: "Too Many Requests" });
    now += 999;
    expect(await statuses(1)).toEqual([429]);
    now += 1;
    expect((await statuses(4)).sort()).toEqual([200, 200, 200, 429]);
    expect(api.api.requests.map((r) => r.status)).toEqual([
      ...Array(4).fill(expect.any(Number)),
      429,
      429,
      ...Array(4).fill(expect.any(Number)),
    ]);
  });

  it("the client's own limiter (3 per second) with its retries gets every call through", async () => {
    api = await startManagementApi(undefined, { requestsPerSecond: 3 });
    const client = api.client({ requestsPerSecond: 3 });
    const names = Array.from({ length: 7 }, (_, i) => `block_${i}`);
    await Promise.all(names.map((name) => client.components.create({ body: { component: { name } } })));
    expect((await client.components.list()).data.components.map((c) => c.name).sort()).toEqual(names);
    // Whatever the timing, the emulator never admitted more than 3 in any second, by its rate window's own decisions.
    const admitted = admissionTimes(api.api.requests);
    expect(admitted).toHaveLength(api.api.requests.filter((r) => r.status !== 429).length);
    for (let i = 3; i < admitted.length; i++) expect(admitted[i]! - admitted[i - 3]!).toBeGreaterThanOrEqual(1000);
  });
});

describe("the request log", () => {
  it("records method, path with query, arrival time and status of every answered /v1 request", async () => {
    api = await startManagementApi(undefined, { now: () => 42 });
    await api.call("GET", "datasources?page=2");
    await api.call("GET", "components", undefined, { authorization: "wrong" });
    expect(api.api.requests).toEqual([
      { method: "GET", path: `/v1/spaces/${SPACE_ID}/datasources?page=2`, at: 42, admittedAt: 42, status: 200 },
      { method: "GET", path: `/v1/spaces/${SPACE_ID}/components`, at: 42, status: 401 },
    ]);
  });
});

describe("the content folder", () => {
  it("a missing folder is an empty space, made when the first write comes", async () => {
    const parent = await tempContentDir();
    const dir = join(parent, "not-yet");
    api = await startManagementApi(dir);
    const client = api.client();
    expect((await client.stories.list()).data.stories).toEqual([]);
    expect((await client.components.list()).data.components).toEqual([]);
    await client.components.create({ body: { component: { name: "page" } } });
    expect(JSON.parse(await readFile(join(dir, "space/components.json"), "utf8"))).toMatchObject({ components: [{ name: "page" }] });
    await rm(parent, { recursive: true, force: true });
  });
});

describe("concurrent writes", () => {
  it("keeps every one of 40 writes that arrive at once, each with its own id, on disk", async () => {
    api = await startManagementApi();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? api!.call("POST", "components", { component: { name: `c${i}` } })
          : api!.call("POST", "datasources", { datasource: { name: `D${i}`, slug: `d${i}` } }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(201));
    const ids = await Promise.all(responses.map(async (r) => Object.values((await r.json()) as Record<string, { id: number }>)[0]!.id));
    expect(new Set(ids).size).toBe(40);
    const components = JSON.parse(await readFile(join(api.dir, "space/components.json"), "utf8")) as { components: unknown[] };
    const datasources = JSON.parse(await readFile(join(api.dir, "space/datasources.json"), "utf8")) as { datasources: unknown[] };
    expect(components.components).toHaveLength(20);
    expect(datasources.datasources).toHaveLength(20);
    const sequence = JSON.parse(await readFile(join(api.dir, "space/sequence.json"), "utf8")) as { last_id: number };
    expect(sequence.last_id).toBe(Math.max(...ids));
  });

  it("a restarted emulator reads the same space from the folder and never reuses an id", async () => {
    const dir = await tempContentDir();
    api = await startManagementApi(dir);
    const first = (await api.client().components.create({ body: { component: { name: "page" } } })).data.component;
    await api.client().components.delete(first.id);
    const kept = (await api.client().datasources.create({ body: { datasource: { name: "A", slug: "a" } } })).data.datasource;
    await api.close();
    api = await startManagementApi(dir);
    expect((await api.client().datasources.list()).data.datasources).toEqual([kept]);
    const next = (await api.client().components.create({ body: { component: { name: "page" } } })).data.component;
    expect(next.id).toBeGreaterThan(kept.id);
    await rm(dir, { recursive: true, force: true });
  });
});
