/**
 * One document rendered by this project's renderer and by @storyblok/richtext
 * 5.x, each as canonical HTML (html-tree.ts) after the documented additions
 * this project makes everywhere (docs/richtext.md, "Always added") are taken
 * out of ours and the asset id out of theirs.
 */
import { renderRichText } from "@storyblok/richtext";
import { renderToStaticMarkup } from "react-dom/server";
import { RichText } from "../../../src/richtext/RichText";
import type { RichTextDoc } from "../../../src/generated";
import { all, canonicalHtml, unwrap, type Rewrite } from "./html-tree";
import type { TestBlok } from "./corpus";

/** Both sides render an embedded block as the same marker element. */
const blokMarker = (component: unknown) => `<div data-blok="${String(component).replace(/[&"<>]/g, "")}"></div>`;

const removeAttributes =
  (selector: string, names: readonly string[]): Rewrite =>
  (root) => {
    let count = 0;
    for (const element of all(root, selector)) {
      for (const name of names) {
        if (element.hasAttribute(name)) {
          element.removeAttribute(name);
          count += 1;
        }
      }
    }
    return count;
  };

/** Our additions, each named and explained in docs/richtext.md. */
export const OUR_ADDITIONS: Record<string, Rewrite> = {
  "the field's wrapper <div class=prose>": (root) => {
    const wrapper = root.children.length === 1 ? root.children[0] : undefined;
    if (wrapper?.tagName !== "DIV") return 0;
    unwrap(wrapper);
    return 1;
  },
  "a focusable scroll box around each table": (root) => {
    const boxes = all(root, "div[tabindex]").filter((div) => div.children.length === 1 && div.children[0]?.tagName === "TABLE");
    boxes.forEach(unwrap);
    return boxes.length;
  },
  "class and tabindex on <pre> (styling; keyboard scrolling)": removeAttributes("pre", ["class", "tabindex"]),
  "class, width, height, loading, decoding on <img>": removeAttributes("img", ["class", "width", "height", "loading", "decoding"]),
  'alt="" on an image without alt text': (root) => {
    const images = all(root, 'img[alt=""]');
    images.forEach((image) => image.removeAttribute("alt"));
    return images.length;
  },
  "role=img and aria-label on emoji": removeAttributes("span[data-name]", ["role", "aria-label"]),
  'rel="noopener noreferrer" on links that open a new tab': (root) => {
    const links = all(root, 'a[target="_blank"][rel="noopener noreferrer"]');
    links.forEach((a) => a.removeAttribute("rel"));
    return links.length;
  },
};

export const THEIR_EXTRAS: Record<string, Rewrite> = {
  "the asset id as the image's id attribute": removeAttributes("img", ["id"]),
};

function renderOurs(doc: RichTextDoc<TestBlok>): string {
  return renderToStaticMarkup(<RichText doc={doc} renderBlok={(blok) => <div data-blok={blok.component} />} />);
}

export function renderTheirs(doc: unknown): string {
  return renderRichText(
    doc as never,
    {
      renderers: {
        blok: (node: { attrs?: { body?: unknown } }) =>
          Array.isArray(node.attrs?.body)
            ? node.attrs.body.map((blok: { component?: unknown }) => blokMarker(blok?.component)).join("")
            : "",
      },
    } as never,
  );
}

export interface Compared {
  ours: string;
  theirs: string;
}

export function compare(doc: RichTextDoc<TestBlok>, applied?: Map<Rewrite, number>): Compared {
  return {
    ours: canonicalHtml(renderOurs(doc), Object.values(OUR_ADDITIONS), applied),
    theirs: canonicalHtml(renderTheirs(doc), Object.values(THEIR_EXTRAS), applied),
  };
}
