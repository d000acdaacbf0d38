/**
 * Generated story content for the property tests: blocks nested in `bloks`
 * fields and inside rich text (`blok` nodes), every kind of field a
 * reference can sit in (relation fields single and as an options list, asset
 * fields, story, asset and URL multilinks, rich text link marks and image
 * nodes), falsy values ("", 0, false, null) and decoys: strings that look
 * like a story uuid or a local asset path in fields that are neither, which
 * nothing may rewrite.
 *
 * Story uuids in reference positions are `story-<n>`, local asset paths
 * `/assets/f-<n>.svg`, decoys `decoy-<n>` and `/assets/decoy-<n>.svg`, so
 * a test can tell from the JSON alone what was rewritten.
 */
import fc from "fast-check";

/** Which fields of which blocks hold story uuids (relations.json's role): `rel` of `a` and `b`; `c` has none. */
export const RELATION_FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["a", new Set(["rel"])],
  ["b", new Set(["rel"])],
]);

export type Tree = Record<string, unknown>;

const storyUuid = fc.nat(30).map((n) => `story-${n}`);
const assetPath = fc.nat(10).map((n) => `/assets/f-${n}.svg`);
const decoy = fc.oneof(
  fc.nat(10).map((n) => `decoy-${n}`),
  fc.nat(5).map((n) => `/assets/decoy-${n}.svg`),
);
/** What a plain field holds: every falsy value, text, numbers, and decoys. */
export const plainValue = fc.oneof(
  fc.constant(""),
  fc.constant(0),
  fc.constant(false),
  fc.constant(null),
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.boolean(),
  decoy,
);

const assetField = assetPath.map((filename) => ({ fieldtype: "asset", id: 1, filename, alt: "" }));
const multilink = fc.oneof(
  storyUuid.map((id) => ({ fieldtype: "multilink", linktype: "story", id, cached_url: "some/page", url: "" })),
  assetPath.map((url) => ({ fieldtype: "multilink", linktype: "asset", id: "", url, cached_url: url })),
  fc.constant({ fieldtype: "multilink", linktype: "url", id: "", url: "https://example.com", cached_url: "https://example.com" }),
);
const mark = fc.oneof(
  storyUuid.map((uuid) => ({ type: "link", attrs: { linktype: "story", uuid, href: "/some/page" } })),
  assetPath.map((href) => ({ type: "link", attrs: { linktype: "asset", href, uuid: null } })),
  fc.constant({ type: "bold" }),
);
const textNode = fc.record({
  type: fc.constant("text"),
  text: fc.string({ minLength: 1, maxLength: 6 }),
  marks: fc.array(mark, { maxLength: 2 }),
});

/** Story content: a root block (`root`, never migrated) over generated blocks. */
export const contentTree: fc.Arbitrary<Tree> = fc
  .letrec<{ block: Tree; blocks: Tree[]; doc: Tree; node: Tree }>((tie) => ({
    block: fc
      .record({
        _uid: fc.uuid(),
        component: fc.constantFrom("a", "b", "c"),
        note: plainValue,
        x: plainValue,
        rel: fc.oneof(storyUuid, fc.array(storyUuid, { maxLength: 3 }), fc.constant("")),
        image: assetField,
        link: multilink,
        body: tie("blocks"),
        text: tie("doc"),
      })
      // `c` has no relation field: its `rel` would be a decoy, so it has none.
      .map(({ rel, ...block }) => (block.component === "c" ? block : { ...block, rel })),
    blocks: fc.oneof({ depthSize: "small" }, fc.constant<Tree[]>([]), fc.array(tie("block"), { maxLength: 3 })),
    doc: fc.record({ type: fc.constant("doc"), content: fc.array(tie("node"), { maxLength: 3 }) }),
    node: fc.oneof(
      { depthSize: "small" },
      fc.record({ type: fc.constant("paragraph"), content: fc.array(textNode, { maxLength: 3 }) }),
      assetPath.map((src) => ({ type: "image", attrs: { src, id: 1, alt: "" } })),
      fc.record({ type: fc.constant("blok"), attrs: fc.record({ id: fc.uuid(), body: tie("blocks") }) }),
    ),
  }))
  .blocks.map((body) => ({ _uid: "root", component: "root", body }));

/** The content with `fn` applied to every block of `component` (children first, as the runner does), a list result spliced in. A model of the runner, written apart from it. */
export function mapBlocks(value: unknown, component: string, fn: (block: Tree) => Tree | Tree[]): unknown {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      const mapped = mapBlocks(item, component, fn);
      return isBlock(item) && item.component === component && Array.isArray(mapped) ? mapped : [mapped];
    });
  }
  if (typeof value !== "object" || value === null) return value;
  const copy = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapBlocks(item, component, fn)]));
  return isBlock(copy) && copy.component === component ? fn(copy) : copy;
}

function isBlock(value: unknown): value is Tree & { component: string } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as Tree).component === "string";
}
