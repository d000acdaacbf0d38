import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { iconModuleSource, parseBody } from "../../../scripts/icons/icon-module";
import { Icon, type IconName } from "../../../src/ui/Icon";
import { ICON_SOURCES } from "../../../src/ui/icons/icon-sources";

const schema = JSON.parse(readFileSync(new URL("../../../schema/components.json", import.meta.url), "utf8")) as {
  components: { name: string; schema: Record<string, { type?: string; options?: { name: string; value: string }[] }> }[];
};

const iconFields = schema.components.flatMap((component) => {
  const field = component.schema.icon;
  return field?.type === "option" ? [{ component: component.name, options: field.options ?? [] }] : [];
});

describe("icon options", () => {
  it("every icon field offers exactly the icons that have shapes, with their names", () => {
    const want = Object.entries(ICON_SOURCES).map(([value, source]) => ({ name: source.label, value }));
    expect(iconFields.map((field) => field.component).sort()).toEqual(["card", "link", "timeline_slide"]);
    for (const field of iconFields) expect(field.options, field.component).toEqual(want);
  });

  it("covers the categories editors need", () => {
    const values = Object.keys(ICON_SOURCES);
    // frameworks, design tools, headless CMS, code hosting, a professional network, UI
    for (const value of ["react", "nextjs", "figma", "storyblok", "contentful", "github", "gitlab", "linkedin"]) expect(values).toContain(value);
    for (const value of ["mail", "contacts", "download", "home", "info", "projects", "timeline", "menu", "close", "arrow-right", "arrow-left"]) {
      expect(values).toContain(value);
    }
  });

  it("the committed icon-data.ts is what the icon packages give now (npm run icons)", () => {
    const committed = readFileSync(new URL("../../../src/ui/icons/icon-data.ts", import.meta.url), "utf8");
    expect(committed).toBe(iconModuleSource());
  });
});

describe("parseBody", () => {
  it("keeps shapes and their geometry, drops paint and groups", () => {
    expect(parseBody('<g fill="none" stroke="currentColor"><circle cx="12" cy="12" r="3"/><path fill-rule="evenodd" d="M3 12h6"/></g>', "t")).toEqual([
      ["circle", { cx: "12", cy: "12", r: "3" }],
      ["path", { fillRule: "evenodd", d: "M3 12h6" }],
    ]);
  });

  it("refuses anything that is not a shape", () => {
    expect(() => parseBody('<image href="x.png"/>', "icon x")).toThrow("icon x: unsupported element <image>");
    expect(() => parseBody("", "icon y")).toThrow("icon y: no shapes");
  });
});

describe("<Icon>", () => {
  it.each(Object.keys(ICON_SOURCES) as IconName[])("%s renders an inline SVG with its shapes", (name) => {
    const html = renderToStaticMarkup(<Icon name={name} />);
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*>(<(path|circle|rect|line|polyline|polygon|ellipse) [^>]+><\/\2>)+<\/svg>$/);
  });

  it("a labelled icon is an image with that name", () => {
    const html = renderToStaticMarkup(<Icon name="github" label="GitHub" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="GitHub"');
    expect(html).not.toContain("aria-hidden");
  });

  it("outlines are stroked, logos filled", () => {
    expect(renderToStaticMarkup(<Icon name="home" />)).toContain('stroke="currentColor"');
    expect(renderToStaticMarkup(<Icon name="storyblok" />)).toContain('fill="currentColor"');
  });

  it("renders nothing for no icon or a value outside the options", () => {
    expect(renderToStaticMarkup(<Icon name="" />)).toBe("");
    expect(renderToStaticMarkup(<Icon name={"toString" as IconName} />)).toBe("");
    expect(renderToStaticMarkup(<Icon name={"<script>" as IconName} />)).toBe("");
  });
});
