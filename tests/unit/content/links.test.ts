import { describe, expect, it } from "vitest";
import type { StoryblokLink } from "../../../src/generated";
import { hrefOf, storyPath } from "../../../src/content/shaping/links";

describe("hrefOf", () => {
  it.each<[string, StoryblokLink, string | null]>([
    [
      "story",
      { fieldtype: "multilink", linktype: "story", id: "3b1c", url: "", cached_url: "projects/2024/atlas" },
      "/projects/2024/atlas",
    ],
    [
      "home story with anchor",
      { fieldtype: "multilink", linktype: "story", id: "9d2e", url: "", cached_url: "home", anchor: "work" },
      "/#work",
    ],
    ["empty story", { fieldtype: "multilink", linktype: "story", id: "", url: "", cached_url: "" }, null],
    [
      "url",
      { fieldtype: "multilink", linktype: "url", id: "", url: "https://example.com", cached_url: "https://example.com" },
      "https://example.com",
    ],
    [
      "url without scheme",
      { fieldtype: "multilink", linktype: "url", id: "", url: "www.example.com", cached_url: "www.example.com" },
      "https://www.example.com",
    ],
    [
      "javascript url",
      { fieldtype: "multilink", linktype: "url", id: "", url: "javascript:alert(1)", cached_url: "javascript:alert(1)" },
      null,
    ],
    ["email", { fieldtype: "multilink", linktype: "email", id: "", url: "", cached_url: "", email: "a@b.co" }, "mailto:a@b.co"],
    ["empty email", { fieldtype: "multilink", linktype: "email", id: "", url: "", cached_url: "", email: "" }, null],
    ["asset", { fieldtype: "multilink", linktype: "asset", id: "", url: "/assets/cv.pdf", cached_url: "/assets/cv.pdf" }, "/assets/cv.pdf"],
  ])("%s", (_name, link, want) => {
    expect(hrefOf(link)).toBe(want);
  });
});

describe("storyPath", () => {
  it("maps slugs to site paths", () => {
    expect(storyPath("home")).toBe("/");
    expect(storyPath("/projects/tidewater/")).toBe("/projects/tidewater");
  });
});
