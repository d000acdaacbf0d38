import { describe, expect, it } from "vitest";
import { editableAttributes } from "../../../src/preview/editable";

describe("editableAttributes", () => {
  it("turns Storyblok's _editable comment into the bridge's data attributes", () => {
    const options = { name: "hero_section", space: "1", uid: "abc-123", id: "42" };
    const attributes = editableAttributes({ _editable: `<!--#storyblok#${JSON.stringify(options)}-->` });
    expect(attributes["data-blok-uid"]).toBe("42-abc-123");
    expect(JSON.parse(attributes["data-blok-c"] ?? "")).toEqual(options);
  });

  it.each([undefined, "", "<!-- not storyblok -->", "<!--#storyblok#{broken-->", '<!--#storyblok#{"name":"x"}-->'])(
    "gives nothing for %j",
    (editable) => {
      expect(editableAttributes({ _editable: editable })).toEqual({});
    },
  );
});
