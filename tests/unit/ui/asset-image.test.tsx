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

describe("AssetImage on the first screen", () => {
  it("loads a first-screen image at once, at low priority, with no preload", () => {
    const html = renderToStaticMarkup(<AssetImage asset={asset("/assets/logo.svg")} priority />);
    expect(html).toMatch(/<img [^>]*loading="eager"[^>]*fetchPriority="low"/);
    expect(html).not.toContain("<link");
  });

  it("preloads the image at high priority where it is the largest element, with the srcset the image picks from", () => {
    const html = renderToStaticMarkup(
      <AssetImage
        asset={asset("https://a.storyblok.com/f/1/1600x900/abc/cover.jpg")}
        priority
        largestFrom="(min-width: 48rem)"
        sizes="50vw"
      />,
    );
    const link = html.match(/<link [^>]*>/)?.[0] ?? "";
    expect(link).toContain('rel="preload"');
    expect(link).toContain('as="image"');
    expect(link).toContain('fetchPriority="high"');
    expect(link).toContain('media="(min-width: 48rem)"');
    expect(link).toContain('imageSrcSet="https://a.storyblok.com/f/1/1600x900/abc/cover.jpg/m/480x0 480w');
    expect(link).toContain('imageSizes="50vw"');
    expect(html).toMatch(/<img [^>]*fetchPriority="low"/);
  });

  it("lazy-loads an image below the first screen, with no hint and no preload", () => {
    const html = renderToStaticMarkup(<AssetImage asset={asset("/assets/cover.svg")} largestFrom="(min-width: 48rem)" />);
    expect(html).toContain('loading="lazy"');
    expect(html).not.toMatch(/fetchPriority|<link/);
  });
});
