/**
 * Every failed content request rejects, from the client itself, with
 * ContentRequestError: `message` the status text, `status` and `response`.
 * Against the local CDN over HTTP, with faults injected.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContentClient } from "../../../src/content/access/client";
import { ContentRequestError } from "../../../src/content/access/content-errors";
import type { Fault } from "../../../src/content/sources/local-cdn/faults";
import { homeRelatingProjects, serveStoriesForSuite } from "./cdn-harness";

const { home, related } = homeRelatingProjects(60, "r");
const served = serveStoriesForSuite([home, ...related]);
afterEach(() => {
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>): Promise<ContentRequestError> {
  const reason: unknown = await promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (error: unknown) => error,
  );
  expect(reason).toBeInstanceOf(ContentRequestError);
  return reason as ContentRequestError;
}

describe("statuses outside 200–206", () => {
  const cases: [string, Fault, { message: string; status: number }][] = [
    ["500", { kind: "status", status: 500 }, { message: "Internal Server Error", status: 500 }],
    ["502", { kind: "status", status: 502 }, { message: "Bad Gateway", status: 502 }],
    ["503", { kind: "status", status: 503 }, { message: "Service Unavailable", status: 503 }],
    ["500 with a body that is not JSON", { kind: "malformed", status: 500 }, { message: "Internal Server Error", status: 500 }],
  ];
  it.each(cases)("%s fails with message, status and response", async (_name, fault, want) => {
    served.cdn.faults.inject(fault);
    const error = await failure(served.cdn.previewClient().getStory("projects/r0", { version: "draft" }));
    expect(error).toMatchObject(want);
    expect(error.response).toMatchObject({ status: want.status, statusText: want.message });
  });

  it("404 keeps the API's body in the response", async () => {
    const error = await failure(served.cdn.client().getStory("projects/nope"));
    expect(error).toMatchObject({ message: "Not Found", status: 404 });
    expect(error.response?.data).toEqual(["This record could not be found"]);
  });

  it("401 for a wrong token", async () => {
    const client = new ContentClient({ accessToken: "wrong", endpoint: `${served.cdn.url}/v2` });
    const error = await failure(client.getStories({ starts_with: "projects/" }));
    expect(error).toMatchObject({ message: "Unauthorized", status: 401 });
    expect(error.response?.data).toEqual({ error: "Unauthorized" });
  });

  it("getAll fails with the same shape", async () => {
    served.cdn.faults.inject({ kind: "status", status: 500 });
    const error = await failure(served.cdn.previewClient().getAll("cdn/stories", { version: "draft", starts_with: "projects/" }));
    expect(error).toMatchObject({ message: "Internal Server Error", status: 500 });
  });

  it("a failed by_uuids batch fails the request that needed it", async () => {
    const client = served.cdn.previewClient();
    const before = served.cdn.requests.length;
    // The first answer carries rel_uuids (60 > 50); the first batch then fails.
    served.cdn.faults.inject({ kind: "delay", ms: 0 });
    served.cdn.faults.inject({ kind: "status", status: 503 });
    const error = await failure(client.getStory("home", { version: "draft", resolve_relations: ["card_list.projects"] }));
    expect(error).toMatchObject({ message: "Service Unavailable", status: 503 });
    expect(served.cdn.requests[before + 1]?.url.searchParams.has("by_uuids")).toBe(true);
  });
});

describe("malformed bodies", () => {
  it("a 200 whose body is not JSON fails clearly, with the status, and is not retried", async () => {
    served.cdn.faults.inject({ kind: "malformed" });
    const before = served.cdn.requests.length;
    const error = await failure(served.cdn.previewClient().getStory("projects/r1", { version: "draft" }));
    expect(error.message).toMatch(/^Malformed response body from the content API \(status 200 OK\): /);
    expect(error.status).toBe(200);
    expect(error.response).toMatchObject({ status: 200, statusText: "OK", data: '{"stories":[{"name":' });
    expect(served.cdn.requests.length - before).toBe(1);
  });

  it("a published malformed answer is not cached: the next request gets the story", async () => {
    const client = served.cdn.client();
    served.cdn.faults.inject({ kind: "malformed" });
    await failure(client.getStory("projects/r2"));
    const { data } = await client.getStory("projects/r2");
    expect(data.story.full_slug).toBe("projects/r2");
  });

  it("a 429 whose body is not JSON is still retried", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    served.cdn.faults.inject({ kind: "malformed", status: 429 });
    const { data } = await served.cdn.previewClient().getStory("projects/r3", { version: "draft" });
    expect(data.story.full_slug).toBe("projects/r3");
  });
});

describe("no answer at all", () => {
  it("a refused connection fails with a message and no status", async () => {
    const client = new ContentClient({ accessToken: "x", endpoint: "http://127.0.0.1:9/v2" });
    const error = await failure(client.getStory("home"));
    expect(error.message).toMatch(/^Content request failed: /);
    expect(error.status).toBeUndefined();
  });
});
