/**
 * Preview entry (/api/preview) and the editor's `_storyblok_lang`, through
 * the real route: its check of the story reads the content API over HTTP
 * (the local CDN serving the embedded content, as Storyblok's would be
 * reached), and every request that reaches the API is recorded. A language
 * the space has is asked for and opened; any other value, well-formed or
 * an address in disguise, reaches neither the API nor entry's redirect.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { NextApiRequest, NextApiResponse } from "next";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHECKED_MARKER } from "../../../src/preview/preview-entry";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "../content/cdn-harness";
import { siteReadsFrom } from "../content/site-on-cdn";

const SPACE_ID = "288141";
const FIELDNOTES: { id: number } = JSON.parse(readFileSync(join(EMBEDDED_CONTENT, "drafts/projects/fieldnotes.json"), "utf8"));

let cdn: RunningCdn;
let enterPreview: (req: NextApiRequest, res: NextApiResponse) => Promise<void>;

beforeAll(async () => {
  cdn = await startCdn(EMBEDDED_CONTENT);
  siteReadsFrom(cdn, { preview: true });
  vi.stubEnv("STORYBLOK_SPACE_ID", SPACE_ID);
  // Imported after the environment is set: the route's content clients read it once.
  enterPreview = (await import("../../../src/pages/api/preview/index")).default;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cdn.close();
});

/** The query the proxy sends to entry for the editor's address of Fieldnotes in `language`. */
function entryQuery(language: string): string {
  const timestamp = String(Math.floor(Date.now() / 1000) - 5);
  const token = createHash("sha1").update(`${SPACE_ID}:${cdn.previewToken}:${timestamp}`).digest("hex");
  return new URLSearchParams({
    _storyblok: String(FIELDNOTES.id),
    _storyblok_lang: language,
    _storyblok_release: "0",
    "_storyblok_tk[space_id]": SPACE_ID,
    "_storyblok_tk[timestamp]": timestamp,
    "_storyblok_tk[token]": token,
    path: "/projects/fieldnotes",
  }).toString();
}

interface EntryAnswer {
  status: number;
  location: string;
  /** Whether draft mode was entered, and with which preview data. */
  previewData?: unknown;
  /** Each `language` the content API was asked for while entry ran (null: none). */
  languagesAsked: (string | null)[];
}

async function enter(language: string): Promise<EntryAnswer> {
  const before = cdn.requests.length;
  const headers: Record<string, string | string[]> = {};
  const answer: EntryAnswer = { status: 0, location: "", languagesAsked: [] };
  const req = {
    method: "GET",
    url: `/api/preview?${entryQuery(language)}`,
    headers: { "sec-fetch-dest": "iframe" },
  } as unknown as NextApiRequest;
  const res = {
    setHeader: (name: string, value: string | string[]) => void (headers[name.toLowerCase()] = value),
    getHeader: (name: string) => headers[name.toLowerCase()],
    setPreviewData: (data: unknown) => void (answer.previewData = data),
    redirect: (status: number, location: string) => Object.assign(answer, { status, location }),
  } as unknown as NextApiResponse;
  await enterPreview(req, res);
  answer.languagesAsked = cdn.requests
    .slice(before)
    .filter(({ url }) => url.pathname.startsWith("/v2/cdn/stories"))
    .map(({ url }) => url.searchParams.get("language"));
  return answer;
}

describe("preview entry and the editor's language", () => {
  it("a language of the space: the draft is checked in it, and entry opens its page", async () => {
    const answer = await enter("nl");
    expect(answer.previewData).toEqual({ storyId: FIELDNOTES.id, language: "nl" });
    expect(answer.languagesAsked.length).toBeGreaterThan(0);
    expect(answer.languagesAsked.every((language) => language === "nl")).toBe(true);
    expect(answer.status).toBe(307);
    const location = new URL(answer.location, "http://site.invalid");
    expect(location.pathname).toBe("/nl/projects/fieldnotes");
    expect(location.searchParams.get("_storyblok_lang")).toBe("nl");
    expect(location.searchParams.get(CHECKED_MARKER)).toBe("1");
  });

  it.each(["default", "de", "NL", "../x", "nl/../../api", "nl?x=1#y", "%2e%2e"])(
    "%s: the default language, asked for with no language, and the page's address says so",
    async (language) => {
      const answer = await enter(language);
      // Entered all the same: the editor's story, in the default language.
      expect(answer.previewData).toEqual({ storyId: FIELDNOTES.id });
      expect(answer.languagesAsked.length).toBeGreaterThan(0);
      expect(answer.languagesAsked.every((asked) => asked === null)).toBe(true);
      expect(answer.status).toBe(307);
      const location = new URL(answer.location, "http://site.invalid");
      expect(location.origin).toBe("http://site.invalid");
      expect(location.pathname).toBe("/projects/fieldnotes");
      expect(location.searchParams.getAll("_storyblok_lang")).toEqual(["default"]);
      expect(location.searchParams.get("_storyblok")).toBe(String(FIELDNOTES.id));
    },
  );
});
