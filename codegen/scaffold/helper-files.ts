import type { Helper } from "./field-markup.js";

/** The helpers each helper's own code imports: written, or found in the project, whenever it is. */
export const HELPER_NEEDS: Record<Helper, readonly Helper[]> = { editable: [], linkHref: [], Blocks: [], RichText: ["Blocks"] };

/**
 * The small modules scaffolded renderers import, written beside them once
 * (never over a file of the same name): the Visual Editor's attributes,
 * nested blocks through the registry, rich text through the generated node
 * types, and a multilink's href. Each imports only the generated folder,
 * React and its neighbours; `importOf` gives the line that imports a neighbour
 * (the project's own module where it has one).
 */
export function helperFile(
  helper: Helper,
  generatedImport: string,
  importOf: (needed: Helper) => string,
): { path: string; contents: string } {
  switch (helper) {
    case "editable":
      return { path: "editable.ts", contents: EDITABLE };
    case "Blocks":
      return { path: "Blocks.tsx", contents: blocks(generatedImport) };
    case "RichText":
      return { path: "RichText.tsx", contents: richText(generatedImport, importOf("Blocks")) };
    case "linkHref":
      return { path: "link-href.ts", contents: linkHref(generatedImport) };
  }
}

const EDITABLE = `/**
 * Draft content marks every blok with an \`_editable\` HTML comment,
 *   <!--#storyblok#{"name":"hero","space":"1","uid":"abc","id":"42"}-->
 * from which the Visual Editor's bridge wants two attributes on the block's
 * root element (the pair @storyblok/js's storyblokEditable returns).
 */
export function editable(blok: { _editable?: string }): { "data-blok-c"?: string; "data-blok-uid"?: string } {
  const json = blok._editable ? /^<!--#storyblok#([\\s\\S]*)-->$/.exec(blok._editable)?.[1] : undefined;
  if (!json) return {};
  try {
    const options: unknown = JSON.parse(json);
    if (typeof options !== "object" || options === null) return {};
    const id: unknown = Reflect.get(options, "id");
    const uid: unknown = Reflect.get(options, "uid");
    if ((typeof id !== "string" && typeof id !== "number") || typeof uid !== "string") return {};
    return { "data-blok-c": json, "data-blok-uid": \`\${id}-\${uid}\` };
  } catch {
    // Published content has no comment, and a damaged one must not break the page.
    return {};
  }
}
`;

function blocks(generated: string): string {
  return `import type { ComponentType } from "react";
import type { BlokOf, NestableBlok } from "${generated}";
import { registry } from "./registry";

/**
 * The renderer for one kind of block; called with a blok's own \`component\`, so the two always match.
 * None for a block a parent renders itself (the generator config's \`inline\`) that has no entry.
 */
function rendererFor<K extends NestableBlok["component"]>(component: K): ComponentType<{ blok: BlokOf<K> }> | undefined {
  return registry[component];
}

/** Nested blocks, each through the registry. */
export function Blocks({ bloks }: { bloks: readonly NestableBlok[] | undefined }) {
  return (
    <>
      {bloks?.map((blok) => {
        // Content can be newer than the generated types (a block added in Storyblok since): skip it.
        if (!Object.prototype.hasOwnProperty.call(registry, blok.component)) return null;
        const Renderer = rendererFor(blok.component);
        return Renderer && <Renderer key={blok._uid} blok={blok} />;
      })}
    </>
  );
}
`;
}

function richText(generated: string, blocksImport: string): string {
  return `import { Fragment, type ReactNode } from "react";
import type { NestableBlok, RichTextDoc, RichTextMark, RichTextNode } from "${generated}";
${blocksImport}

/** How an embedded block renders: through the registry unless the caller says otherwise. */
type RenderBlok<B> = (blok: B) => ReactNode;

/** A rich-text field as React elements; embedded blocks go through \`renderBlok\`, else the registry. */
export function RichText<B extends NestableBlok>({ doc, renderBlok }: { doc: RichTextDoc<B> | undefined; renderBlok?: RenderBlok<B> }) {
  return <>{nodes(doc?.content, renderBlok)}</>;
}

function nodes<B extends NestableBlok>(list: readonly RichTextNode<B>[] | undefined, renderBlok: RenderBlok<B> | undefined): ReactNode {
  return list?.map((node, index) => <Fragment key={index}>{renderNode(node, renderBlok)}</Fragment>);
}

/** One case per generated node type: a node type added to the generated union is a compile error here. */
function renderNode<B extends NestableBlok>(node: RichTextNode<B>, renderBlok: RenderBlok<B> | undefined): ReactNode {
  switch (node.type) {
    case "doc":
      return nodes(node.content, renderBlok);
    case "text":
      return (node.marks ?? []).reduce<ReactNode>((inner, mark) => withMark(inner, mark), node.text);
    case "paragraph":
      return <p>{nodes(node.content, renderBlok)}</p>;
    case "heading": {
      const Heading = \`h\${node.attrs.level}\` as const;
      return <Heading>{nodes(node.content, renderBlok)}</Heading>;
    }
    case "blockquote":
      return <blockquote>{nodes(node.content, renderBlok)}</blockquote>;
    case "bullet_list":
      return <ul>{nodes(node.content, renderBlok)}</ul>;
    case "ordered_list":
      return <ol>{nodes(node.content, renderBlok)}</ol>;
    case "list_item":
      return <li>{nodes(node.content, renderBlok)}</li>;
    case "code_block":
      return <pre><code>{node.content?.map((text) => text.text).join("")}</code></pre>;
    case "horizontal_rule":
      return <hr />;
    case "hard_break":
      return <br />;
    case "image":
      return <img src={node.attrs.src} alt={node.attrs.alt ?? ""} />;
    case "emoji":
      return node.attrs.emoji ?? node.attrs.name;
    case "blok":
      return renderBlok ? node.attrs.body?.map((blok) => <Fragment key={blok._uid}>{renderBlok(blok)}</Fragment>) : <Blocks bloks={node.attrs.body} />;
    case "table":
      return <table><tbody>{nodes(node.content, renderBlok)}</tbody></table>;
    case "tableRow":
      return <tr>{nodes(node.content, renderBlok)}</tr>;
    case "tableCell":
      return <td>{nodes(node.content, renderBlok)}</td>;
    case "tableHeader":
      return <th>{nodes(node.content, renderBlok)}</th>;
    default: {
      const unknown: never = node;
      return unknown;
    }
  }
}

function withMark(inner: ReactNode, mark: RichTextMark): ReactNode {
  switch (mark.type) {
    case "bold":
    case "strong":
      return <strong>{inner}</strong>;
    case "italic":
      return <em>{inner}</em>;
    case "strike":
      return <s>{inner}</s>;
    case "underline":
      return <u>{inner}</u>;
    case "code":
      return <code>{inner}</code>;
    case "superscript":
      return <sup>{inner}</sup>;
    case "subscript":
      return <sub>{inner}</sub>;
    case "link":
      return <a href={safeHref(mark.attrs.href)}>{inner}</a>;
    case "anchor":
      return <span id={mark.attrs.id}>{inner}</span>;
    case "styled":
    case "textStyle":
    case "highlight":
      return <span>{inner}</span>;
    default: {
      const unknown: never = mark;
      return unknown;
    }
  }
}

/** Authors write links; a \`javascript:\` one would run script in a visitor's page. */
function safeHref(href: string | null | undefined): string | undefined {
  return href && !/^\\s*(javascript|data|vbscript):/i.test(href) ? href : undefined;
}
`;
}

function linkHref(generated: string): string {
  return `import type { StoryblokLink } from "${generated}";

/**
 * Where a multilink points: a story by its full slug as the link saved it, a
 * URL or asset as written, an email as mailto:. Undefined for an empty link
 * (Storyblok sends an empty story link for an unset field) and for a
 * \`javascript:\` URL, which would run script.
 */
export function linkHref(link: StoryblokLink): string | undefined {
  const anchor = link.anchor ? \`#\${link.anchor}\` : "";
  switch (link.linktype) {
    case "story": {
      const slug = link.cached_url;
      return slug ? \`/\${slug.replace(/^\\/+/, "")}\${anchor}\` : undefined;
    }
    case "email":
      return link.email ? \`mailto:\${link.email}\` : undefined;
    case "url":
    case "asset":
      return link.url && !/^\\s*(javascript|data|vbscript):/i.test(link.url) ? \`\${link.url}\${anchor}\` : undefined;
  }
}
`;
}
