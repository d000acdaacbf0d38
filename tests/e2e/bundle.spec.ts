import { gzipSync } from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ICON_DATA } from "../../src/ui/icons/icon-data";
import { UI_ICONS, type IconSourceName } from "../../src/ui/icons/icon-sources";

/**
 * What a visitor's page makes the browser download, read from the pages the
 * server sends: the scripts stay within the budget, and carry none of what
 * only the server or the Visual Editor needs (the validators, the live
 * editor) nor the shapes of icons, which come with the page's props.
 */

/** Gzip-compressed script per page, at most (the transfer size, as gzip -9). */
const BUDGET_BYTES = 130 * 1024;

/** Text found in code that must not reach visitors, and where it lives. */
const SERVER_OR_EDITOR_ONLY: Record<string, string> = {
  "validators.ts names a shared list": "the validation engine (src/generated/engine.ts)",
  '"timeline_slide_list": [': "the generated rules (src/generated/validators.ts)",
  "shown with changes": "the data boundary (src/content/story-contract.ts)",
  "did not define StoryblokBridge": "the Visual Editor bridge (src/preview/PreviewBridge.tsx)",
  "related stories not loaded": "the live editor's relation fetch (src/preview/relation-fetch.ts)",
};

/** The scripts a page loads at first (the noModule polyfills only old browsers fetch are left out). */
async function pageScripts(request: APIRequestContext, path: string): Promise<{ src: string; body: Buffer }[]> {
  const html = await (await request.get(path)).text();
  const sources = [...html.matchAll(/<script\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => !/\bnoModule\b/i.test(tag))
    .flatMap((tag) => /\bsrc="([^"]+)"/.exec(tag)?.[1] ?? []);
  expect(sources.length).toBeGreaterThan(0);
  return Promise.all(
    sources.map(async (src) => {
      const response = await request.get(src);
      expect(response.ok(), src).toBe(true);
      return { src, body: await response.body() };
    }),
  );
}

for (const path of ["/", "/projects/2024/atlas"]) {
  test(`${path}: its scripts stay within ${BUDGET_BYTES / 1024} KiB gzip`, async ({ request }) => {
    const scripts = await pageScripts(request, path);
    const sizes = scripts.map(({ src, body }) => ({ src, gzip: gzipSync(body, { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    expect(total, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  test(`${path}: its scripts carry no validators, no editor code and no content icon shapes`, async ({ request }) => {
    const code = (await pageScripts(request, path)).map(({ body }) => body.toString("utf8")).join("\n");
    for (const [text, what] of Object.entries(SERVER_OR_EDITOR_ONLY)) expect(code.includes(text), what).toBe(false);
    const contentIcons = (Object.keys(ICON_DATA) as IconSourceName[]).filter((name) => !(UI_ICONS as readonly string[]).includes(name));
    const shipped = contentIcons.filter((name) => ICON_DATA[name].shapes.some(([, attributes]) => Object.values(attributes).some((value) => value.length > 20 && code.includes(value))));
    expect(shipped).toEqual([]);
    // The UI icons are drawn from the code itself.
    expect(code).toContain(ICON_DATA.menu.shapes[0]![1].d ?? "");
  });
}
