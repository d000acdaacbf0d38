import { describe, expect, it } from "vitest";
import { EDITOR_PAGE, islandsScriptFor } from "../../../src/islands/islands-script";

describe("islandsScriptFor", () => {
  // The entry's code, as next.config.ts inlines it into the build (src/islands/build-islands.ts).
  const SCRIPT = 'watchForNewBuild("build-1");';

  it("gives every published page the build's islands script", () => {
    for (const page of ["/", "/projects/[...slug]", "/contact", "/_error"]) expect(islandsScriptFor(page, SCRIPT, true)).toBe(SCRIPT);
  });

  it("gives none to the editor's page, which hydrates, nor to any page in next dev", () => {
    expect(islandsScriptFor(EDITOR_PAGE, SCRIPT, true)).toBeNull();
    expect(islandsScriptFor("/", undefined, false)).toBeNull();
  });

  it("stops a production render loudly when the build has no islands script, instead of serving inert pages", () => {
    expect(() => islandsScriptFor("/", undefined, true)).toThrow(/SITE_ISLANDS_SCRIPT/);
    expect(() => islandsScriptFor("/", "", true)).toThrow(/islands script/);
  });
});
