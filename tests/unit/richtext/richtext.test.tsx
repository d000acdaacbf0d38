import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LinkBlok, RichTextDoc, RichTextMark } from "../../../src/generated";
import { RichText } from "../../../src/richtext/RichText";

const paragraph = (text: string, marks?: RichTextMark[]): RichTextDoc<never> => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text, marks }] }],
});

const render = (doc: RichTextDoc<never>) => renderToStaticMarkup(<RichText doc={doc} />);

describe("RichText", () => {
  it("renders nodes and nested marks as elements, escaping text", () => {
    const html = render(paragraph("<b>hi</b>", [{ type: "bold" }, { type: "italic" }]));
    expect(html).toContain("<p><em><strong>&lt;b&gt;hi&lt;/b&gt;</strong></em></p>");
  });

  it("renders headings, lists and breaks", () => {
    const html = render({
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Title" }] },
        {
          type: "bullet_list",
          content: [{ type: "list_item", content: [{ type: "paragraph", content: [{ type: "text", text: "one" }] }] }],
        },
        { type: "paragraph", content: [{ type: "text", text: "a" }, { type: "hard_break" }, { type: "text", text: "b" }] },
      ],
    });
    expect(html).toContain("<h3>Title</h3>");
    expect(html).toContain("<ul><li><p>one</p></li></ul>");
    expect(html).toContain("a<br/>b");
  });

  it("keeps safe links and opens new tabs without the opener", () => {
    const html = render(
      paragraph("site", [
        { type: "link", attrs: { href: "https://example.com", uuid: null, anchor: null, target: "_blank", linktype: "url" } },
      ]),
    );
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it.each(["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", " JaVaScRiPt:alert(1)"])(
    "renders %s as plain text",
    (href) => {
      const html = render(paragraph("click", [{ type: "link", attrs: { href, uuid: null, anchor: null, target: null, linktype: "url" } }]));
      expect(html).not.toContain("<a");
      expect(html).toContain("click");
    },
  );

  it("turns story links into site paths with their anchor", () => {
    const html = render(
      paragraph("Atlas", [
        { type: "link", attrs: { href: "projects/2024/atlas", uuid: null, anchor: "result", target: null, linktype: "story" } },
      ]),
    );
    expect(html).toContain('href="/projects/2024/atlas#result"');
  });

  it("renders embedded bloks through the function it is given", () => {
    const link: LinkBlok = {
      component: "link",
      _uid: "1",
      label: "CV",
      link: { fieldtype: "multilink", linktype: "url", id: "", url: "/cv", cached_url: "/cv" },
    };
    const doc: RichTextDoc<LinkBlok> = { type: "doc", content: [{ type: "blok", attrs: { body: [link] } }] };
    const html = renderToStaticMarkup(<RichText doc={doc} renderBlok={(blok) => <i>{blok.label}</i>} />);
    expect(html).toContain("<i>CV</i>");
  });

  it("makes code blocks and tables focusable so their sideways scroll works from the keyboard", () => {
    const html = render({
      type: "doc",
      content: [
        { type: "code_block", attrs: { class: "language-ts" }, content: [{ type: "text", text: "const a = 1;" }] },
        {
          type: "table",
          content: [
            {
              type: "tableRow",
              content: [{ type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: "x" }] }] }],
            },
          ],
        },
      ],
    });
    expect(html).toMatch(/<pre [^>]*tabindex="0"/);
    expect(html).toMatch(/<div [^>]*tabindex="0"><table>/);
  });

  it("renders nothing for an emptied field", () => {
    expect(render({ type: "doc", content: [{ type: "paragraph" }] })).toBe("");
    expect(renderToStaticMarkup(<RichText doc={undefined} />)).toBe("");
  });
});
