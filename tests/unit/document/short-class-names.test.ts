import { describe, expect, it } from "vitest";
import { applyShortClassNames, shortClassName } from "../../../src/document/short-class-names";

const at = (file: string) => ({ rootContext: "/repo", resourcePath: `/repo/src/blocks/${file}` });

describe("shortClassName", () => {
  it("is a short, valid class name, the same for the same file and name", () => {
    const name = shortClassName(at("Card.module.css"), "[hash]", "title");
    expect(name).toMatch(/^_[A-Za-z0-9_-]{6}$/);
    expect(shortClassName(at("Card.module.css"), "[hash]", "title")).toBe(name);
  });

  it("differs between names and between files (every class of the site's own modules is unique)", () => {
    const names = new Set<string>();
    for (const file of ["Card.module.css", "Hero.module.css", "Footer.module.css"])
      for (const local of ["root", "title", "inner", "open", "item", "media"]) names.add(shortClassName(at(file), "", local));
    expect(names.size).toBe(18);
  });

  it("does not depend on where the checkout is", () => {
    const here = shortClassName(at("Card.module.css"), "", "root");
    const elsewhere = shortClassName({ rootContext: "/ci/work", resourcePath: "/ci/work/src/blocks/Card.module.css" }, "", "root");
    expect(elsewhere).toBe(here);
  });
});

describe("applyShortClassNames", () => {
  it("replaces css-loader's module naming wherever Next.js nests it, and nothing else", () => {
    const nextNaming = () => "File_local__hash5";
    const modulesLoader = {
      loader: "/x/next/dist/build/webpack/loaders/css-loader/src/index.js",
      options: { modules: { getLocalIdent: nextNaming } },
    };
    const globalLoader = { loader: "/x/next/dist/build/webpack/loaders/css-loader/src/index.js", options: { modules: false } };
    const postcss = { loader: "postcss-loader", options: { modules: { getLocalIdent: nextNaming } } };
    const rules = [{ oneOf: [{ test: /\.module\.css$/, use: [modulesLoader, postcss] }, { use: [globalLoader] }] }, null, "..."];
    expect(applyShortClassNames(rules)).toBe(1);
    expect(modulesLoader.options.modules.getLocalIdent).toBe(shortClassName);
    expect(postcss.options.modules.getLocalIdent).toBe(nextNaming);
  });

  it("reports when there is nothing to change (next.config.ts then stops the build)", () => {
    expect(applyShortClassNames(undefined)).toBe(0);
    expect(applyShortClassNames([{ oneOf: [{ use: ["style-loader"] }] }])).toBe(0);
  });
});
