import { describe, expect, it } from "vitest";
import { bridgeSources, editorFrameAncestors } from "../../../src/preview/frame-policy";

describe("frame policy", () => {
  it("lets the Visual Editor frame the site by default, and nobody else", () => {
    expect(editorFrameAncestors({})).toEqual({ "frame-ancestors": ["'self'", "https://app.storyblok.com"] });
    expect(bridgeSources({})).toEqual(["https://app.storyblok.com"]);
  });

  it("takes the editor's origin from STORYBLOK_EDITOR_ORIGIN and the bridge's from STORYBLOK_BRIDGE_URL", () => {
    const env = { STORYBLOK_EDITOR_ORIGIN: "https://app-us.storyblok.example/", STORYBLOK_BRIDGE_URL: "https://cdn.example/bridge.js" };
    expect(editorFrameAncestors(env)).toEqual({ "frame-ancestors": ["'self'", "https://app-us.storyblok.example"] });
    expect(bridgeSources(env)).toEqual(["https://cdn.example", "https://app-us.storyblok.example"]);
  });

  it.each(["https://app.storyblok.com/path", "https://a.example 'unsafe-inline'", "*", "app.storyblok.com"])(
    "refuses %j, which is not an origin, with a message naming the variable",
    (value) => {
      expect(() => editorFrameAncestors({ STORYBLOK_EDITOR_ORIGIN: value })).toThrow(/STORYBLOK_EDITOR_ORIGIN/);
    },
  );
});
