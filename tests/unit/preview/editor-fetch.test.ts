import { describe, expect, it } from "vitest";
import { isDraftRender } from "../../../src/preview/draft-render";
import { isEditorFetch } from "../../../src/preview/editor-fetch";

const session = { storyId: 512004204 };
const fromPage = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" };
const naming = (id: string) => new URLSearchParams({ uuids: "x", _storyblok: id });

describe("isEditorFetch: drafts by uuid only to the editor's page", () => {
  it("answers a fetch from our own page that names the session's story", () => {
    expect(isEditorFetch(fromPage, naming("512004204"), session)).toBe(true);
    expect(isEditorFetch({ ...fromPage, "sec-fetch-mode": "same-origin" }, naming("512004204"), session)).toBe(true);
  });

  it.each([
    ["copied cookies in another tool (no fetch metadata)", {}, naming("512004204")],
    ["another site's page", { ...fromPage, "sec-fetch-site": "cross-site" }, naming("512004204")],
    ["a sibling subdomain", { ...fromPage, "sec-fetch-site": "same-site" }, naming("512004204")],
    ["typed in the address bar", { ...fromPage, "sec-fetch-site": "none", "sec-fetch-mode": "navigate" }, naming("512004204")],
    ["a navigation from our own page", { ...fromPage, "sec-fetch-mode": "navigate" }, naming("512004204")],
    ["a no-cors request (an <img> or <script>)", { ...fromPage, "sec-fetch-mode": "no-cors" }, naming("512004204")],
    ["another story's id", fromPage, naming("512004205")],
    ["no story named", fromPage, new URLSearchParams({ uuids: "x" })],
    ["the story named twice", fromPage, new URLSearchParams("uuids=x&_storyblok=512004204&_storyblok=1")],
    ["a padded id", fromPage, naming("0512004204")],
    ["mixed-case header value", { ...fromPage, "sec-fetch-site": "Same-Origin" }, naming("512004204")],
  ])("refuses %s", (_name, headers, query) => {
    expect(isEditorFetch(headers, query, session)).toBe(false);
  });
});

describe("isDraftRender: only the editor's draft gets the preview policy", () => {
  it.each([
    [{ story: {}, preview: { storyId: 1, bridgeUrl: "x", editorOrigin: "y", resolveRelations: [] } }, true],
    [{ story: {} }, false],
    [{ story: {}, preview: null }, false],
    [{ story: {}, preview: "yes" }, false],
    [{ story: {}, preview: true }, false],
    [undefined, false],
    [null, false],
  ])("%j -> %s", (props, want) => {
    expect(isDraftRender(props)).toBe(want);
  });
});
