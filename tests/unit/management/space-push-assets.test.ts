/**
 * Step 2 of `space push`, the asset files (`pushAssets`), against a space
 * kept in memory that records every call: which file is uploaded, found or
 * finished into the asset an interrupted push began, what the journal holds
 * after each write, and how each failing request is named.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ManagementRequestError } from "../../../tools/management-api/management-errors";
import type { JournalData } from "../../../tools/space-push/journal";
import type { LocalAsset } from "../../../tools/space-push/local-assets";
import { pushAssets } from "../../../tools/space-push/push-assets";
import type { SignedUpload, SpaceApi, SpaceAsset } from "../../../tools/space-push/space-api";
import { importWithCrashAt } from "../../support/crash-in-process";
import { pushContextInMemory } from "./push-context-in-memory";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "space-push-assets-"));
  await writeFile(join(dir, "a.svg"), "<svg/>");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const local = (path = "/assets/a.svg", sha256 = "aa"): LocalAsset => ({
  path,
  file: join(dir, "a.svg"),
  shortFilename: "a.svg",
  sha256,
  size: 6,
});

/** What the space answers each call with; a function may throw, as a refused request does. */
interface Answers {
  assets?: SpaceAsset[];
  sign?: (request: { replaceId?: number }) => SignedUpload;
  post?: () => void;
  finish?: (id: number) => SpaceAsset;
}

function push(answers: Answers, journalled: JournalData["assets"] = {}) {
  const calls: string[] = [];
  let nextId = 100;
  const api = {
    listAssets: async () => {
      calls.push("listAssets");
      return answers.assets ?? [];
    },
    signAsset: async (request: { shortFilename: string; extId: string; replaceId?: number }) => {
      calls.push(`signAsset ${request.extId}${request.replaceId === undefined ? "" : ` replace ${request.replaceId}`}`);
      return answers.sign?.(request) ?? { id: request.replaceId ?? nextId++, post_url: "", fields: {}, pretty_url: "//a.example/f/a.svg" };
    },
    postAssetFile: async (signed: SignedUpload, bytes: Uint8Array) => {
      calls.push(`postAssetFile ${signed.id} ${bytes.length} bytes`);
      answers.post?.();
    },
    finishAsset: async (id: number) => {
      calls.push(`finishAsset ${id}`);
      return answers.finish?.(id) ?? { id, filename: `https://a.example/f/${id}/a.svg` };
    },
  } as unknown as SpaceApi;
  const { context, data, saves } = pushContextInMemory(api, { assets: journalled });
  return { context, calls, data, saves, run: (assets: readonly LocalAsset[]) => pushAssets(context, assets) };
}

describe("uploading", () => {
  it("signs, posts and finishes a new file, journals it unfinished after signing and finished after, and counts it", async () => {
    const journalAfterSigning: unknown[] = [];
    const space = push({ post: () => journalAfterSigning.push(structuredClone(space.data.assets)) });
    await space.run([local(), local("/assets/copy-of-a.svg")]);
    expect(space.calls).toEqual(["listAssets", "signAsset sha256:aa", "postAssetFile 100 6 bytes", "finishAsset 100"]);
    expect(journalAfterSigning).toEqual([{ aa: { id: 100, filename: "//a.example/f/a.svg", finished: false } }]);
    expect(space.data.assets).toEqual({ aa: { id: 100, filename: "https://a.example/f/100/a.svg", finished: true } });
    expect(space.saves()).toBe(2);
    // The second path with the same bytes is the same asset, pushed once.
    expect([...space.context.assets]).toEqual([
      ["/assets/a.svg", { id: 100, filename: "https://a.example/f/100/a.svg" }],
      ["/assets/copy-of-a.svg", { id: 100, filename: "https://a.example/f/100/a.svg" }],
    ]);
    expect(space.context.summary.assets).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(space.context.summary.actions).toEqual([{ kind: "asset", verb: "upload", name: "/assets/a.svg", detail: "6 bytes" }]);
  });

  it("journals a signed upload without a pretty url under an empty name, and takes the signed id when the finish names none", async () => {
    const space = push({
      sign: () => ({ id: 7, post_url: "", fields: {} }),
      post: () => {
        expect(space.data.assets).toEqual({ aa: { id: 7, filename: "", finished: false } });
      },
      finish: () => ({ filename: "https://a.example/f/7/a.svg" }) as SpaceAsset,
    });
    await space.run([local()]);
    expect(space.data.assets.aa).toEqual({ id: 7, filename: "https://a.example/f/7/a.svg", finished: true });
  });

  it("does nothing, not even list, for no files", async () => {
    const space = push({});
    await space.run([]);
    expect(space.calls).toEqual([]);
  });
});

describe("a file the space has", () => {
  const inSpace = (extra: Partial<SpaceAsset> = {}): SpaceAsset => ({
    id: 9,
    filename: "https://a.example/f/9/a.svg",
    ext_id: "sha256:aa",
    ...extra,
  });

  it("is found by its hash and not uploaded, and the journal learns it once", async () => {
    const space = push({ assets: [{ id: 3, filename: "x", ext_id: "other" }, inSpace({ content_length: 6 })] });
    await space.run([local()]);
    expect(space.calls).toEqual(["listAssets"]);
    expect(space.data.assets).toEqual({ aa: { id: 9, filename: "https://a.example/f/9/a.svg", finished: true } });
    expect(space.saves()).toBe(1);
    expect(space.context.summary.assets).toEqual({ created: 0, updated: 0, unchanged: 1 });

    // Known already, finished, under the same id: no write to the journal.
    const again = push({ assets: [inSpace()] }, { aa: { id: 9, filename: "https://a.example/f/9/a.svg", finished: true } });
    await again.run([local()]);
    expect([again.calls, again.saves()]).toEqual([["listAssets"], 0]);
  });

  it("the journal names another asset for the file: the space's is taken and journalled", async () => {
    const space = push({ assets: [inSpace()] }, { aa: { id: 4, filename: "old", finished: true } });
    await space.run([local()]);
    expect(space.calls).toEqual(["listAssets"]);
    expect([space.data.assets.aa, space.saves()]).toEqual([{ id: 9, filename: "https://a.example/f/9/a.svg", finished: true }, 1]);
  });

  it("whose upload the journal says is unfinished is finished into the same asset, counted as replaced", async () => {
    const space = push({ assets: [inSpace({ content_length: 6 })] }, { aa: { id: 9, filename: "", finished: false } });
    await space.run([local()]);
    expect(space.calls).toEqual(["listAssets", "signAsset sha256:aa replace 9", "postAssetFile 9 6 bytes", "finishAsset 9"]);
    expect(space.context.summary.assets).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(space.context.summary.actions).toEqual([{ kind: "asset", verb: "replace", name: "/assets/a.svg", detail: "6 bytes" }]);
  });

  it("without a journal: finished when the space has no length or this file's, unfinished when another length", async () => {
    for (const [length, uploads] of [
      [undefined, false],
      [6, false],
      [5, true],
    ] as const) {
      const space = push({ assets: [inSpace(length === undefined ? {} : { content_length: length })] });
      await space.run([local()]);
      expect(
        space.calls.some((call) => call.startsWith("signAsset")),
        `content_length ${length}`,
      ).toBe(uploads);
    }
    // A journal that says finished is believed over a length that differs.
    const believed = push({ assets: [inSpace({ content_length: 5 })] }, { aa: { id: 9, filename: "f", finished: true } });
    await believed.run([local()]);
    expect(believed.calls).toEqual(["listAssets"]);
  });
});

describe("an upload an earlier push began and did not finish", () => {
  it("is finished into the asset the journal names, though the space's list leaves it out", async () => {
    const space = push({}, { aa: { id: 12, filename: "", finished: false } });
    await space.run([local()]);
    expect(space.calls).toEqual(["listAssets", "signAsset sha256:aa replace 12", "postAssetFile 12 6 bytes", "finishAsset 12"]);
  });

  it("whose asset was deleted in the space since (404): a new asset instead", async () => {
    const space = push(
      { sign: (request) => (request.replaceId === undefined ? { id: 30, post_url: "", fields: {} } : throwStatus(404)) },
      { aa: { id: 12, filename: "", finished: false } },
    );
    await space.run([local()]);
    expect(space.calls).toEqual([
      "listAssets",
      "signAsset sha256:aa replace 12",
      "signAsset sha256:aa",
      "postAssetFile 30 6 bytes",
      "finishAsset 30",
    ]);
    expect(space.context.summary.assets).toEqual({ created: 1, updated: 0, unchanged: 0 });
  });

  it("any other refusal stops the push, and so does a 404 for an asset the space listed, or for a new upload", async () => {
    const cases: [Answers, JournalData["assets"], string][] = [
      [
        { sign: () => throwStatus(500) },
        { aa: { id: 12, filename: "", finished: false } },
        "re-uploading the unfinished asset /assets/a.svg (signing): ",
      ],
      [
        { assets: [{ id: 12, filename: "f", ext_id: "sha256:aa", content_length: 1 }], sign: () => throwStatus(404) },
        {},
        "re-uploading the unfinished asset /assets/a.svg (signing): ",
      ],
      [{ sign: () => throwStatus(404) }, {}, "uploading asset /assets/a.svg (signing): "],
    ];
    for (const [answers, journalled, message] of cases) {
      const space = push(answers, journalled);
      await expect(space.run([local()])).rejects.toMatchObject({ name: "SpacePushError", message: expect.stringContaining(message) });
      expect(space.calls.filter((call) => call.startsWith("signAsset"))).toHaveLength(1);
    }
  });
});

describe("a failing request is named by its step", () => {
  it("listing, posting, finishing", async () => {
    const fail = () => throwStatus(502);
    const listing = push({});
    (listing.context.api as { listAssets: () => Promise<SpaceAsset[]> }).listAssets = () =>
      Promise.reject(new ManagementRequestError("answered 503", 503, undefined));
    await expect(listing.run([local()])).rejects.toThrow(/^listing the space's assets: /);
    await expect(push({ post: fail }).run([local()])).rejects.toThrow(/^uploading asset \/assets\/a\.svg \(posting the file\): /);
    await expect(push({ finish: fail }).run([local()])).rejects.toThrow(/^uploading asset \/assets\/a\.svg \(finishing\): /);
  });
});

/** A refused request, as the Management API client reports one. */
function throwStatus(status: number): never {
  throw new ManagementRequestError(`answered ${status}`, status, { status, statusText: "", data: undefined });
}

describe("a crash", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  /** The push of one file, cut at `point`: what it called and journalled by then. */
  async function crashedAt(point: string) {
    const space = push({});
    const { pushAssets: pushAssetsAfresh } = await importWithCrashAt(point, () => import("../../../tools/space-push/push-assets"));
    await expect(pushAssetsAfresh(space.context, [local()])).rejects.toThrow(`crashed at ${point}`);
    return space;
  }

  it("right after signing: the journal names the asset unfinished, and no file was posted", async () => {
    const space = await crashedAt("space-push:after-signed");
    expect(space.calls).toEqual(["listAssets", "signAsset sha256:aa"]);
    expect(space.data.assets).toEqual({ aa: { id: 100, filename: "//a.example/f/a.svg", finished: false } });
  });

  it("right after finishing: the file is in the space, the journal still says unfinished", async () => {
    const space = await crashedAt("space-push:after-finished");
    expect(space.calls).toEqual(["listAssets", "signAsset sha256:aa", "postAssetFile 100 6 bytes", "finishAsset 100"]);
    expect(space.data.assets).toEqual({ aa: { id: 100, filename: "//a.example/f/a.svg", finished: false } });
  });
});
