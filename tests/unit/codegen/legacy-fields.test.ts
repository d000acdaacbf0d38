import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "storyblok-typed-codegen";
import { REPO } from "../../support/repo-root";

/**
 * Legacy `image` and `file` fields (before `asset`) are typed as the API
 * sends them: the file's URL as a string. Checked against the blocks of a
 * recorded Content Delivery API response, through the generated validators.
 */
const schema = JSON.parse(readFileSync(join(REPO, "tests/fixtures/schemas/quirks-legacy-fields.components.json"), "utf8")) as unknown;
const recorded = JSON.parse(readFileSync(join(REPO, "tests/fixtures/cdn/storyblok-php-client/stories.json"), "utf8")) as {
  stories: unknown[];
};
/** Content types and nestable blocks alike. */
const ANY_PLACE = { placement: 3 } as const;
const LEGACY: Record<string, string[]> = { article: ["teaser_image"], author: ["image"], header: ["logo"] };

type Blok = Record<string, unknown> & { component: string; _uid: string };
function blocksOf(value: unknown, found: Blok[] = []): Blok[] {
  if (Array.isArray(value)) for (const item of value) blocksOf(item, found);
  else if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.component === "string" && Object.hasOwn(LEGACY, record.component)) found.push(record as Blok);
    for (const child of Object.values(record)) blocksOf(child, found);
  }
  return found;
}

describe("legacy image and file fields", () => {
  const dir = mkdtempSync(join(tmpdir(), "codegen-legacy-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const result = generate({ documents: [schema], schemaLabel: "legacy" });
  for (const file of result.files) writeFileSync(join(dir, file.path), file.contents);
  const validators = import(join(dir, "validators.ts")) as Promise<{
    validateBlok: (value: unknown, options: { placement: 3 }) => { path: string; message: string }[];
  }>;

  it("accepts every legacy value in the recorded response, empty ones included", async () => {
    const { validateBlok } = await validators;
    const blocks = blocksOf(recorded.stories);
    const values = blocks.flatMap((blok) => LEGACY[blok.component]!.map((key) => blok[key]));
    expect(values).toContain("");
    expect(values.filter((value) => typeof value === "string" && value.startsWith("//a.storyblok.com/")).length).toBeGreaterThan(5);
    for (const blok of blocks) {
      const legacyOnly = Object.fromEntries(
        Object.entries(blok).filter(([key]) => ["component", "_uid", ...LEGACY[blok.component]!].includes(key)),
      );
      expect(validateBlok(legacyOnly, ANY_PLACE), JSON.stringify(legacyOnly)).toEqual([]);
    }
  });

  it("refuses an asset object where the API sends a URL", async () => {
    const { validateBlok } = await validators;
    const asset = { fieldtype: "asset", id: 1, filename: "https://a.storyblok.com/f/1/x.png" };
    expect(validateBlok({ component: "article", _uid: "a", teaser_image: asset, attachment: asset }, ANY_PLACE)).toEqual([
      { path: "(article).attachment", message: "must be a string, got object" },
      { path: "(article).teaser_image", message: "must be a string, got object" },
    ]);
  });
});
