/**
 * The bookkeeping around `space push`'s writes: the journal's file and
 * which journal a run may trust, the request counts and summary it
 * reports, and a dry run's writes (answered as the space would, nothing
 * sent).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withDryRunWrites } from "../../../tools/space-push/dry-run-writes";
import { defaultJournalPath, openJournal } from "../../../tools/space-push/journal";
import { describeAction, emptySummary } from "../../../tools/space-push/push-summary";
import { countRequest, emptyRequestCounts, totalRequests } from "../../../tools/space-push/request-counts";
import type { SpaceReads, StoryBody } from "../../../tools/space-push/space-api";

const temp = mkdtempSync(join(tmpdir(), "space-push-bookkeeping-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("the journal", () => {
  it("lives under .data/space-push/, named for the space with anything but letters, digits, dots and dashes made safe", () => {
    expect(defaultJournalPath("/project", "288412")).toBe(join("/project", ".data", "space-push", "288412.json"));
    expect(defaultJournalPath("/project", "http://127.0.0.1:4100/v1 #7")).toBe(
      join("/project", ".data", "space-push", "http___127.0.0.1_4100_v1__7.json"),
    );
    expect(defaultJournalPath("/project", "../../etc/x")).toBe(join("/project", ".data", "space-push", ".._.._etc_x.json"));
  });

  it("a run trusts only a journal of its own space and target, at version 1; any other starts empty", () => {
    const path = join(temp, "journal.json");
    const written = openJournal(path, "288412", "https://mapi.example/v1");
    written.data.folders.projects = { id: 4, uuid: "f-4" };
    written.save();
    expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({ version: 1, space: "288412", folders: { projects: { id: 4 } } });

    const empty = { assets: {}, folders: {}, stories: {} };
    expect(openJournal(path, "288412", "https://mapi.example/v1").data).toMatchObject({ folders: { projects: { id: 4, uuid: "f-4" } } });
    expect(openJournal(path, "999", "https://mapi.example/v1").data).toEqual({
      version: 1,
      space: "999",
      target: "https://mapi.example/v1",
      ...empty,
    });
    expect(openJournal(path, "288412", "http://127.0.0.1:4100/v1").data).toEqual({
      version: 1,
      space: "288412",
      target: "http://127.0.0.1:4100/v1",
      ...empty,
    });
    const stored = JSON.parse(readFileSync(path, "utf8"));
    writeFileSync(path, JSON.stringify({ ...stored, version: 2 }));
    expect(openJournal(path, "288412", "https://mapi.example/v1").data).toEqual({
      version: 1,
      space: "288412",
      target: "https://mapi.example/v1",
      ...empty,
    });
    // A journal of this space with a section missing reads the section as empty.
    writeFileSync(
      path,
      JSON.stringify({ version: 1, space: "288412", target: "https://mapi.example/v1", folders: { a: { id: 1, uuid: "u" } } }),
    );
    expect(openJournal(path, "288412", "https://mapi.example/v1").data).toEqual({
      version: 1,
      space: "288412",
      target: "https://mapi.example/v1",
      assets: {},
      folders: { a: { id: 1, uuid: "u" } },
      stories: {},
    });
  });

  it("a dry run's journal is never written", () => {
    const path = join(temp, "dry", "journal.json");
    const journal = openJournal(path, "1", "t", { readOnly: true });
    journal.data.folders.x = { id: 1, uuid: "u" };
    journal.save();
    expect(() => readFileSync(path)).toThrow(/ENOENT/);
  });
});

describe("the counts and the summary", () => {
  it("counts each request by kind and by call", () => {
    const counts = emptyRequestCounts();
    countRequest(counts, "read", "listStories");
    countRequest(counts, "write", "createStory");
    countRequest(counts, "write", "createStory");
    countRequest(counts, "upload", "postAssetFile");
    countRequest(counts, "write", "finishAsset");
    expect(counts).toEqual({
      reads: 1,
      writes: 3,
      uploads: 1,
      byCall: { listStories: 1, createStory: 2, postAssetFile: 1, finishAsset: 1 },
    });
    expect(totalRequests(counts)).toBe(5);
  });

  it("starts at nothing done, and names each write with what it was about", () => {
    const nothing = { created: 0, updated: 0, unchanged: 0 };
    expect(emptySummary(true)).toEqual({
      dryRun: true,
      folders: nothing,
      assets: nothing,
      stories: nothing,
      requests: { reads: 0, writes: 0, uploads: 0, byCall: {} },
      actions: [],
      warnings: [],
      editedInSpace: [],
      elapsedMs: 0,
    });
    expect(emptySummary(false).dryRun).toBe(false);
    expect(describeAction({ kind: "story", verb: "create", name: "projects/atlas" })).toBe("create story projects/atlas");
    expect(describeAction({ kind: "asset", verb: "replace", name: "/assets/a.svg", detail: "the file changed" })).toBe(
      "replace asset /assets/a.svg (the file changed)",
    );
  });
});

describe("a dry run's writes", () => {
  const reads: SpaceReads = {
    listStories: () => Promise.resolve([]),
    getStory: () => Promise.reject(new Error("no story")),
    listAssets: () => Promise.resolve([]),
  };
  const body = (slug: string, extra: Partial<StoryBody> = {}): StoryBody => ({ name: slug, slug, parent_id: 0, ...extra });

  it("answer as the space would, with made-up ids below zero, so the run carries on and no id can be a space's", async () => {
    const space = withDryRunWrites(reads);
    expect(space.listStories).toBe(reads.listStories);
    const first = await space.createStory(body("atlas", { content: { component: "project" } }), true);
    expect(first).toEqual({
      name: "atlas",
      slug: "atlas",
      parent_id: 0,
      content: { component: "project" },
      id: -1,
      uuid: "dry-run-1",
      full_slug: "atlas",
      is_folder: false,
      published: true,
      unpublished_changes: false,
    });
    const folder = await space.createStory(body("work", { is_folder: true }), false);
    expect([folder.id, folder.uuid, folder.is_folder, folder.published]).toEqual([-2, "dry-run-2", true, false]);
    const updated = await space.updateStory(41, body("tide"), false);
    expect([updated.id, updated.published]).toEqual([41, false]);
    await expect(space.unpublishStory(41)).resolves.toBeUndefined();

    expect(await space.signAsset({ shortFilename: "a.svg", extId: "x" })).toEqual({
      id: -3,
      post_url: "",
      fields: {},
      pretty_url: "(new asset) a.svg",
    });
    expect((await space.signAsset({ shortFilename: "b.svg", extId: "y", replaceId: 77 })).id).toBe(77);
    await expect(space.postAssetFile({ id: -3, post_url: "", fields: {} }, new Uint8Array(), "a.svg")).resolves.toBeUndefined();
    expect(await space.finishAsset(-3)).toEqual({ id: -3, filename: "(asset -3)" });
    expect((await space.createStory(body("next"), false)).id).toBe(-4);
  });
});
