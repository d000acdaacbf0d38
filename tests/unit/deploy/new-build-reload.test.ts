/**
 * The reload decision against a local HTTP server that plays /api/build-info:
 * once per new build per tab, never for the same build, never on a broken answer.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUILD_INFO_PATH } from "../../../src/deploy/build-info";
import { isChunkLoadFailure, reloadIfNewBuild, RELOADED_FOR_KEY } from "../../../src/deploy/new-build-reload";

let server: Server;
let base: string;
/** What the next answers are: a status and body each; the last one repeats. */
let answers: { status: number; body: string }[];
let paths: string[];

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? "");
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(answer.body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

let stored: Map<string, string>;
let reloads: number;
beforeEach(() => {
  stored = new Map();
  reloads = 0;
  paths = [];
});

const live = (buildId: string) => ({ status: 200, body: JSON.stringify({ buildId, builtAt: "2026-01-01T00:00:00.000Z" }) });
const decide = (current: string) =>
  reloadIfNewBuild(current, {
    fetch: (input, init) => fetch(new URL(String(input), base), init),
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    reload: () => reloads++,
  });

describe("reloadIfNewBuild", () => {
  it("same build: no reload", async () => {
    answers = [live("A")];
    expect(await decide("A")).toBe("same-build");
    expect(reloads).toBe(0);
    expect(paths).toEqual([BUILD_INFO_PATH]);
  });

  it("a newer build: one reload, then none for that build in this tab, one again for the next build", async () => {
    answers = [live("B")];
    expect(await decide("A")).toBe("reload");
    expect(stored.get(RELOADED_FOR_KEY)).toBe("B");
    // The reload failed to bring the tab onto B (the chunk still fails): no loop.
    expect(await decide("A")).toBe("already-reloaded");
    answers = [live("C")];
    expect(await decide("A")).toBe("reload");
    expect(reloads).toBe(2);
  });

  it("a passing server error is retried once before deciding", async () => {
    answers = [{ status: 503, body: "{}" }, live("B")];
    expect(await decide("A")).toBe("reload");
    expect(paths).toHaveLength(2);
  });

  it.each([
    ["a 404", { status: 404, body: "{}" }],
    ["HTML", { status: 200, body: "<html>" }],
    ["no buildId", { status: 200, body: '{"builtAt":""}' }],
    ["an empty buildId", { status: 200, body: '{"buildId":"","builtAt":""}' }],
  ])("%s from the build info: unknown, no reload", async (_name, answer) => {
    answers = [answer];
    expect(await decide("A")).toBe("unknown");
    expect(reloads).toBe(0);
  });

  it("the build info unreachable: unknown, no reload", async () => {
    const decision = await reloadIfNewBuild("A", {
      fetch: (input, init) => fetch(new URL(String(input), "http://127.0.0.1:9"), init),
      storage: { getItem: () => null, setItem: () => undefined },
      reload: () => reloads++,
    });
    expect(decision).toBe("unknown");
    expect(reloads).toBe(0);
  });
});

describe("isChunkLoadFailure", () => {
  it.each([
    [Object.assign(new Error("Loading chunk 123 failed."), { name: "ChunkLoadError" }), true],
    [new Error("Failed to load chunk /_next/static/chunks/abc.js from module 42"), true],
    [new TypeError("Failed to fetch dynamically imported module: http://x/_next/static/chunks/a.js"), true],
    [new TypeError("Importing a module script failed."), true],
    [new Error("Loading CSS chunk 7 failed."), true],
    [new TypeError("Cannot read properties of undefined (reading 'x')"), false],
    [new Error("Failed to load static props"), false],
    ["Failed to load chunk /x.js", true],
    [undefined, false],
  ])("%s → %s", (reason, expected) => {
    expect(isChunkLoadFailure(reason)).toBe(expected);
  });
});
