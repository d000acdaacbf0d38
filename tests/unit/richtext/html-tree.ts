/**
 * HTML to a canonical string, so two renderers' output can be compared as
 * elements, attributes and text rather than as bytes: parsed with a real
 * HTML parser (happy-dom), attributes sorted, `style` split into sorted
 * declarations, `<br/>` and `<br>` alike, entities decoded and re-escaped.
 */
import { Window, type Element, type Node } from "happy-dom";

const window = new Window();
const ELEMENT = 1;
const TEXT = 3;

/** Changes made to the parsed tree before it is written out; each returns how many times it applied. */
export type Rewrite = (root: Element) => number;

export function canonicalHtml(html: string, rewrites: readonly Rewrite[] = [], applied?: Map<Rewrite, number>): string {
  const template = window.document.createElement("template");
  template.innerHTML = html;
  const root = template.content as unknown as Element;
  for (const rewrite of rewrites) {
    const count = rewrite(root);
    applied?.set(rewrite, (applied.get(rewrite) ?? 0) + count);
  }
  return Array.from(root.childNodes).map(write).join("");
}

function write(node: Node): string {
  if (node.nodeType === TEXT) return escapeText(node.textContent ?? "");
  if (node.nodeType !== ELEMENT) return "";
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const attrs = Array.from(element.attributes)
    .map((attr) => [attr.name, attr.name === "style" ? canonicalStyle(attr.value ?? "") : (attr.value ?? "")] as const)
    .sort(([a], [b]) => a.localeCompare(b, "en-us"))
    .map(([name, value]) => ` ${name}="${escapeText(value).replace(/"/g, "&quot;")}"`)
    .join("");
  return `<${tag}${attrs}>${Array.from(element.childNodes).map(write).join("")}</${tag}>`;
}

function canonicalStyle(style: string): string {
  return style
    .split(";")
    .map((rule) => rule.trim())
    .filter(Boolean)
    .map((rule) => {
      const colon = rule.indexOf(":");
      return `${rule.slice(0, colon).trim().toLowerCase()}: ${rule
        .slice(colon + 1)
        .trim()
        .replace(/\s+/g, " ")}`;
    })
    .sort()
    .join("; ");
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Every element under `root` matching `selector`, in document order. */
export function all(root: Element, selector: string): Element[] {
  return Array.from(root.querySelectorAll(selector)) as Element[];
}

/** Replaces an element by its children. */
export function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes));
}
