import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { CONTACT_FORM_ATTRIBUTE } from "../../src/contact/form/contact-form-island";
import { FORM_INVALID_MESSAGE } from "../../src/contact/rules/contact-rules";
import { STATUS_TEXT } from "../../src/contact/rules/contact-status";
import { ICON_DATA } from "../../src/ui/icons/icon-data";
import { UI_ICONS, type IconSourceName } from "../../src/ui/icons/icon-sources";
import { gotoHydrated } from "./support/hydrated";
import { inlineModules, scriptSources, startingScripts } from "./support/page-scripts";

/**
 * What a visitor's page makes the browser download: its scripts carry none
 * of what only the server or the Visual Editor needs (the validators, the
 * live editor) nor the shapes of icons, which come with the page's props.
 * (Their size is a budget of `npm run bench site`, against a bare page
 * measured in the same run.)
 */

// The files are the same for every viewport, and on these long pages the form is far below on both.
test.skip(({ isMobile }) => isMobile, "a page's scripts do not depend on the viewport: the desktop project checks them");

/** Text found in code that must not reach visitors, and where it lives. */
const SERVER_OR_EDITOR_ONLY: Record<string, string> = {
  "validators.ts names a shared list": "the validation engine (src/generated/engine.ts)",
  '"timeline_slide_list": [': "the generated rules (src/generated/validators.ts)",
  "shown with changes": "the data boundary (src/content/shaping/story-contract.ts)",
  "did not define StoryblokBridge": "the Visual Editor bridge (src/preview/PreviewBridge.tsx)",
  "related stories not loaded": "the live editor's relation fetch (src/preview/relation-fetch.ts)",
};

/**
 * Text only the contact form's own code carries. The form is in every page's
 * footer, but its code loads when it comes near the viewport
 * (src/contact/form/ContactForm.tsx, issue 11), so it must not be in the chunks a
 * page starts with, whatever the viewport.
 */
const CONTACT_FORM_ONLY: Record<string, string> = {
  [FORM_INVALID_MESSAGE]: "the form's rules and messages (src/contact/rules/contact-rules.ts)",
  [STATUS_TEXT.limited]: "the form's send states (src/contact/rules/contact-status.ts)",
  "Leave this field empty": "the form itself (src/contact/form/ContactFormInteractive.tsx)",
  " (optional)": "its fields (src/contact/form/TextInput.tsx)",
};

/** The scripts a page loads until it has hydrated (the noModule polyfills only old browsers fetch are not among them). */
async function pageScripts(page: Page, path: string): Promise<{ src: string; body: Buffer }[]> {
  const scripts: Promise<{ src: string; body: Buffer }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => ({ src: response.url(), body })));
  });
  await gotoHydrated(page, path);
  await page.waitForLoadState("networkidle");
  // And the code the HTML carries: the islands script is inline (src/islands/build-islands.ts).
  const inline = await page.$$eval('script[type="module"]:not([src])', (elements) => elements.map((element) => element.textContent ?? ""));
  expect(inline).toHaveLength(1);
  return [...(await Promise.all(scripts)), ...inline.map((code) => ({ src: "inline", body: Buffer.from(code) }))];
}

for (const path of ["/", "/projects/2024/atlas"]) {
  test(`${path}: its scripts carry no validators, no editor code and no content icon shapes`, async ({ sharedPage: page }) => {
    const code = (await pageScripts(page, path)).map(({ body }) => body.toString("utf8")).join("\n");
    for (const [text, what] of Object.entries(SERVER_OR_EDITOR_ONLY)) expect(code.includes(text), what).toBe(false);
    const contentIcons = (Object.keys(ICON_DATA) as IconSourceName[]).filter((name) => !(UI_ICONS as readonly string[]).includes(name));
    const shipped = contentIcons.filter((name) =>
      ICON_DATA[name].shapes.some(([, attributes]) => Object.values(attributes).some((value) => value.length > 20 && code.includes(value))),
    );
    expect(shipped).toEqual([]);
    // A published page draws nothing in the browser (src/islands/islands-script.ts): even the
    // UI icons the code carries for rendered pages are the server's markup here, and its view is not loaded.
    expect(code).not.toContain(ICON_DATA.menu.shapes[0]![1].d ?? "");
    await expect(page.locator(`svg path[d="${ICON_DATA.menu.shapes[0]![1].d ?? ""}"]`).first()).toBeAttached();
  });

  // What the HTML and its modules load, not what the browser fetched: on a short page the form is near from the start.
  test(`${path}: the scripts it starts with are the islands script alone, and carry none of the contact form's code`, async ({
    request,
  }) => {
    const html = await (await request.get(path)).text();
    expect(scriptSources(html)).toEqual([]);
    expect(inlineModules(html)).toHaveLength(1);
    const scripts = await startingScripts(async (src) => (await request.get(src)).text(), html);
    const code = [...scripts.values()].join("\n");
    // The islands script finds the form by its attribute, so an empty answer cannot pass.
    expect(code).toContain(CONTACT_FORM_ATTRIBUTE);
    for (const [text, what] of Object.entries(CONTACT_FORM_ONLY)) expect(code.includes(text), what).toBe(false);
  });
}
