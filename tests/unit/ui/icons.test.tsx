import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import { iconModuleSource, parseBody, uiIconModuleSource } from "../../../scripts/icons/icon-module";
import { Icon, type IconName } from "../../../src/ui/Icon";
import { ICON_DATA } from "../../../src/ui/icons/icon-data";
import { IconShapes } from "../../../src/ui/icons/icon-shapes";
import { ICON_SOURCES, UI_ICONS } from "../../../src/ui/icons/icon-sources";
import { pageIcons } from "../../../src/ui/icons/page-icons";

/** As on a page whose props carry every shape (the Visual Editor's). */
const withAllIcons = (icon: ReactNode) => renderToStaticMarkup(<IconShapes.Provider value={ICON_DATA}>{icon}</IconShapes.Provider>);

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
    for (const value of ["react", "nextjs", "figma", "storyblok", "contentful", "github", "gitlab", "linkedin"])
      expect(values).toContain(value);
    for (const value of [
      "mail",
      "contacts",
      "download",
      "home",
      "info",
      "projects",
      "timeline",
      "menu",
      "close",
      "arrow-right",
      "arrow-left",
    ]) {
      expect(values).toContain(value);
    }
  });

  it("the committed icon-data.ts is what the icon packages give now (npm run icons)", () => {
    const committed = readFileSync(new URL("../../../src/ui/icons/icon-data.ts", import.meta.url), "utf8");
    expect(committed).toBe(iconModuleSource());
  });

  it("the committed ui-icon-data.ts is what the icon packages give now (npm run icons)", () => {
    const committed = readFileSync(new URL("../../../src/ui/icons/ui-icon-data.ts", import.meta.url), "utf8");
    expect(committed).toBe(uiIconModuleSource());
  });
});

describe("parseBody", () => {
  it("keeps shapes and their geometry, drops paint and groups", () => {
    expect(
      parseBody('<g fill="none" stroke="currentColor"><circle cx="12" cy="12" r="3"/><path fill-rule="evenodd" d="M3 12h6"/></g>', "t"),
    ).toEqual([
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
    const html = withAllIcons(<Icon name={name} />);
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*>(<(path|circle|rect|line|polyline|polygon|ellipse) [^>]+><\/\2>)+<\/svg>$/);
  });

  it("a labelled icon is an image with that name", () => {
    const html = withAllIcons(<Icon name="github" label="GitHub" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="GitHub"');
    expect(html).not.toContain("aria-hidden");
  });

  it("outlines are stroked, logos filled", () => {
    expect(withAllIcons(<Icon name="home" />)).toContain('stroke="currentColor"');
    expect(withAllIcons(<Icon name="storyblok" />)).toContain('fill="currentColor"');
  });

  it("renders nothing for no icon or a value outside the options", () => {
    expect(withAllIcons(<Icon name="" />)).toBe("");
    expect(withAllIcons(<Icon name={"toString" as IconName} />)).toBe("");
    expect(withAllIcons(<Icon name={"<script>" as IconName} />)).toBe("");
  });

  it("draws the UI icons from the code, and a content icon only when the page's props carry its shape", () => {
    for (const name of UI_ICONS) expect(renderToStaticMarkup(<Icon name={name} />), name).toMatch(/^<svg /);
    expect(renderToStaticMarkup(<Icon name="github" />)).toBe("");
    const page = renderToStaticMarkup(
      <IconShapes.Provider value={pageIcons([{ component: "link", icon: "github" }])}>
        <Icon name="github" label="GitHub" />
      </IconShapes.Provider>,
    );
    expect(page).toContain('aria-label="GitHub"');
  });
});

describe("pageIcons", () => {
  it("picks the shapes of the icons the content names, and none the code already carries", () => {
    const content = [
      {
        component: "page",
        body: [
          { component: "link", icon: "github" },
          { component: "card", icon: "arrow-right" },
        ],
      },
      {
        component: "site_config",
        footer: [{ component: "timeline_slide", icon: "react" }, { component: "link", icon: "toString" }, { icon: 42 }],
      },
      null,
    ];
    expect(Object.keys(pageIcons(content)).sort()).toEqual(["github", "react"]);
    expect(pageIcons(content).github).toBe(ICON_DATA.github);
  });

  it("picks every shape for the Visual Editor, where any icon may be chosen next", () => {
    const all = Object.keys(ICON_SOURCES).filter((name) => !(UI_ICONS as readonly string[]).includes(name));
    expect(Object.keys(pageIcons([], { all: true })).sort()).toEqual(all.sort());
  });
});
