import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AssetImage } from "../../../src/ui/AssetImage";

const asset = (filename: string) => ({
  id: 1,
  filename,
  alt: "A cover",
  name: "",
  focus: "",
  title: "",
  copyright: "",
  fieldtype: "asset" as const,
});

describe("AssetImage", () => {
  it("gives a Storyblok photo its widths and the sizes that pick among them", () => {
    const html = renderToStaticMarkup(
      <AssetImage asset={asset("https://a.storyblok.com/f/1/1600x900/abc/cover.jpg")} sizes="(min-width: 40rem) 50vw, 100vw" />,
    );
    expect(html).toContain('srcSet="https://a.storyblok.com/f/1/1600x900/abc/cover.jpg/m/480x0 480w');
    expect(html).toContain('sizes="(min-width: 40rem) 50vw, 100vw"');
  });

  it("writes no sizes for an image with one file, which has no widths to pick from", () => {
    for (const filename of ["/assets/cover.svg", "https://a.storyblok.com/f/1/1200x800/abc/cover.svg"]) {
      const html = renderToStaticMarkup(<AssetImage asset={asset(filename)} sizes="(min-width: 40rem) 50vw, 100vw" priority />);
      expect(html).toContain(`src="${filename}"`);
      expect(html).not.toMatch(/srcSet|sizes/i);
    }
  });
});
