import { describe, expect, it } from "vitest";
import { withoutTrailingSlash } from "../../../src/http/trailing-slash";

const at = (path: string) => new URL(path, "https://site.example");

describe("withoutTrailingSlash", () => {
  it.each([
    ["/projects/atlas/", "https://site.example/projects/atlas"],
    ["/projects/2024/atlas/?ref=mail", "https://site.example/projects/2024/atlas?ref=mail"],
    ["/projects///", "https://site.example/projects"],
    ["/robots.txt/", "https://site.example/robots.txt"],
    ["/%5Cevil.example/", "https://site.example/%5Cevil.example"],
  ])("%s -> %s", (path, want) => {
    expect(withoutTrailingSlash(at(path))?.href).toBe(want);
  });

  it.each(["/", "/projects/atlas", "/projects/atlas?x=/"])("leaves %s alone", (path) => {
    expect(withoutTrailingSlash(at(path))).toBeUndefined();
  });

  it("never leaves the site, whatever the path normalises to", () => {
    const url = at("/x/");
    url.pathname = "//evil.example/";
    const target = withoutTrailingSlash(url);
    expect(target?.origin).toBe("https://site.example");
    expect(target?.pathname.startsWith("//")).toBe(false);
  });
});
