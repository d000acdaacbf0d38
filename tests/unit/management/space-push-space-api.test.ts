/**
 * The space a push talks to (`createManagementSpaceApi`), against the local
 * Management API over HTTP through the real client: each call one request,
 * counted by kind and name; lists read whole, page by page; publishing
 * and unpublishing; an asset signed, posted and finished, or its file
 * replaced. And what it does with answers a space should not give: an
 * upload form that refuses the file, a story answer without a story. Also
 * how a push step names a failure (`step`).
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createManagementClient } from "../../../tools/management-api/management-client";
import { createManagementSpaceApi } from "../../../tools/space-push/management-space-api";
import { SpacePushError, step } from "../../../tools/space-push/push-context";
import { emptyRequestCounts } from "../../../tools/space-push/request-counts";
import type { SignedUpload, StoryBody } from "../../../tools/space-push/space-api";
import { SPACE_ID, startManagementApi, type RunningManagementApi } from "../content/local-management-api/mapi-harness";
import { closeServers, keepServer } from "./status-server";

let running: RunningManagementApi | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
  await closeServers();
});

async function spaceApi() {
  running = await startManagementApi();
  const counts = emptyRequestCounts();
  return { counts, space: createManagementSpaceApi({ client: running.client(), spaceId: SPACE_ID, counts }) };
}

const body = (slug: string, extra: Partial<StoryBody> = {}): StoryBody => ({
  name: slug,
  slug,
  parent_id: 0,
  content: { _uid: `uid-${slug}`, component: "page" },
  ...extra,
});
const svg = (id: number) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" id="a${id}"/>`);

/** A server that answers every request with `answer` and keeps what arrived. */
async function serve(answer: (request: IncomingMessage, body: string) => { status: number; type?: string; text: string }) {
  const arrived: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      arrived.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body: text });
      const { status, type = "application/json", text: answerText } = answer(request, text);
      response.writeHead(status, { "content-type": type });
      response.end(answerText);
    });
  });
  keepServer(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrived };
}

describe("the space, through the Management API", () => {
  it("makes each call one request, counted by kind and name, and publishes only when told", async () => {
    const { counts, space } = await spaceApi();
    const live = await space.createStory(body("live"), true);
    const draft = await space.createStory(body("draft"), false);
    expect([live.published, draft.published]).toEqual([true, false]);
    const renamed = await space.updateStory(draft.id, body("draft", { name: "Draft, renamed" }), true);
    expect([renamed.id, renamed.name, renamed.published]).toEqual([draft.id, "Draft, renamed", true]);
    await space.unpublishStory(live.id);
    expect((await space.getStory(live.id)).published).toBe(false);
    expect((await space.listStories()).map((story) => story.full_slug).sort()).toEqual(["draft", "live"]);

    const signed = await space.signAsset({ shortFilename: "a.svg", extId: "ext-1" });
    await space.postAssetFile(signed, svg(1), "a.svg");
    const asset = await space.finishAsset(signed.id);
    expect(asset.id).toBe(signed.id);
    expect(asset.filename).toMatch(/\/a\.svg$/);
    expect((await space.listAssets()).map((listed) => listed.id)).toEqual([signed.id]);

    expect(counts).toEqual({
      reads: 3,
      writes: 6,
      uploads: 1,
      byCall: {
        createStory: 2,
        updateStory: 1,
        unpublishStory: 1,
        getStory: 1,
        listStories: 1,
        signAsset: 1,
        postAssetFile: 1,
        finishAsset: 1,
        listAssets: 1,
      },
    });
  });

  it("reads a list longer than a page whole, each item once", async () => {
    const { space } = await spaceApi();
    for (let n = 0; n < 30; n++) await space.createStory(body(`s-${n}`), false);
    for (let n = 0; n < 27; n++) {
      const signed = await space.signAsset({ shortFilename: `f${n}.svg`, extId: `e${n}` });
      await space.postAssetFile(signed, svg(n), `f${n}.svg`);
      await space.finishAsset(signed.id);
    }
    const stories = await space.listStories();
    expect(new Set(stories.map((story) => story.id)).size).toBe(30);
    expect(stories).toHaveLength(30);
    const assets = await space.listAssets();
    expect(new Set(assets.map((asset) => asset.id)).size).toBe(27);
    expect(assets).toHaveLength(27);
  });

  it("replaces an asset's file under its own id when asked, and a new asset otherwise", async () => {
    const { space } = await spaceApi();
    const first = await space.signAsset({ shortFilename: "a.svg", extId: "e1" });
    await space.postAssetFile(first, svg(1), "a.svg");
    await space.finishAsset(first.id);
    const replacement = await space.signAsset({ shortFilename: "a.svg", extId: "e2", replaceId: first.id });
    expect(replacement.id).toBe(first.id);
    const other = await space.signAsset({ shortFilename: "a.svg", extId: "e3" });
    expect(other.id).not.toBe(first.id);
  });

  it("an unpublish of a story the space does not have fails, as every refused request does", async () => {
    const { space } = await spaceApi();
    await expect(space.unpublishStory(987654)).rejects.toThrow();
  });
});

describe("answers a space should not give", () => {
  const signed = (postUrl: string, fields: Record<string, string> = {}): SignedUpload => ({ id: 1, post_url: postUrl, fields });

  it("a file is posted with the form's fields and the type the form names, else as bytes", async () => {
    const form = await serve(() => ({ status: 204, text: "" }));
    const { space } = await spaceApi();
    await space.postAssetFile(signed(form.url, { key: "f/1/a.svg", "Content-Type": "image/svg+xml" }), svg(1), "a.svg");
    await space.postAssetFile(signed(form.url, { key: "f/2/b.bin" }), svg(2), "b.bin");
    const [typed, untyped] = form.arrived;
    expect(typed!.body).toContain('name="key"\r\n\r\nf/1/a.svg');
    expect(typed!.body).toMatch(/filename="a\.svg"\r\nContent-Type: image\/svg\+xml\r\n/);
    expect(untyped!.body).toMatch(/filename="b\.bin"\r\nContent-Type: application\/octet-stream\r\n/);
  });

  it("an upload form that refuses the file fails the post with its status and the start of what it said", async () => {
    const form = await serve(() => ({ status: 403, type: "text/plain", text: `AccessDenied ${"x".repeat(400)}` }));
    const { space } = await spaceApi();
    await expect(space.postAssetFile(signed(form.url), svg(1), "a.svg")).rejects.toThrow(
      new Error(`the signed upload form answered 403 Forbidden: AccessDenied ${"x".repeat(287)}`),
    );
    const silent = await serve(() => ({ status: 500, type: "text/plain", text: "" }));
    await expect(space.postAssetFile(signed(silent.url), svg(1), "a.svg")).rejects.toThrow(
      new Error("the signed upload form answered 500 Internal Server Error"),
    );
  });

  it("a story answer without a story, or with an id that is not a number, is an error naming the answer", async () => {
    // A long answer is named by its first 300 characters.
    for (const answer of [{}, { story: { id: "7", uuid: "u" } }, { stories: "x".repeat(400) }]) {
      const api = await serve(() => ({ status: 200, text: JSON.stringify(answer) }));
      const client = createManagementClient({ token: "t", spaceId: SPACE_ID, apiUrl: `${api.url}/v1`, requestsPerSecond: 1000 });
      const space = createManagementSpaceApi({ client, spaceId: SPACE_ID, counts: emptyRequestCounts() });
      await expect(space.createStory(body("a"), false)).rejects.toThrow(
        new Error(`the answer holds no story: ${JSON.stringify(answer).slice(0, 300)}`),
      );
    }
  });
});

describe("a push step's failure", () => {
  it("is named by the step it happened in, once, however deep", async () => {
    const failed = step('creating story "home"', () => step('reading story "home"', () => Promise.reject(new Error("fetch failed"))));
    await expect(failed).rejects.toBeInstanceOf(SpacePushError);
    await expect(failed).rejects.toMatchObject({
      name: "SpacePushError",
      step: 'reading story "home"',
      message: 'reading story "home": fetch failed',
    });
    await expect(step("x", () => Promise.resolve(3))).resolves.toBe(3);
  });
});
