import { describe, expect, it } from "vitest";
import { evaluateBuildManifest, isBuildManifest } from "../../../src/site/build-manifest-data";

// The file as `next build` (webpack, Next.js 16) writes it.
const BUILD = `self.__BUILD_MANIFEST=function(s,t,c,e){return{__rewrites:{afterFiles:[],beforeFiles:[],fallback:[]},__routerFilterStatic:c,__routerFilterDynamic:c,"/":[s,t,"static/chunks/pages/index-9cafbefe58894db0.js"],"/projects/[...slug]":[s,t,"static/chunks/pages/projects/[...slug]-66f686743df8fbd3.js"],sortedPages:["/","/_app","/_error","/projects/[...slug]"]}}("static/css/220120f9e25c4478.css","static/chunks/48-a80684daa971a518.js",void 0,"static/css/57a1ba4938931441.css"),self.__BUILD_MANIFEST_CB&&self.__BUILD_MANIFEST_CB();`;

describe("isBuildManifest", () => {
  it("knows the manifest by name, whatever the build id or query, and nothing else", () => {
    expect(isBuildManifest("/_next/static/XUfSv0uZPQf-/_buildManifest.js")).toBe(true);
    expect(isBuildManifest("/_next/static/XUfSv0uZPQf-/_buildManifest.js?dpl=abc")).toBe(true);
    expect(isBuildManifest("/_next/static/XUfSv0uZPQf-/_ssgManifest.js")).toBe(false);
    expect(isBuildManifest("/_next/static/chunks/main-fc2e4bb2d2e404d3.js")).toBe(false);
  });
});

describe("evaluateBuildManifest", () => {
  it("gives the router's object as plain data", () => {
    const manifest = evaluateBuildManifest(BUILD);
    expect(manifest?.sortedPages).toEqual(["/", "/_app", "/_error", "/projects/[...slug]"]);
    expect(manifest?.["/"]).toEqual(["static/css/220120f9e25c4478.css", "static/chunks/48-a80684daa971a518.js", "static/chunks/pages/index-9cafbefe58894db0.js"]);
    expect(manifest?.__rewrites).toEqual({ afterFiles: [], beforeFiles: [], fallback: [] });
    // An undefined filter is left out, as the router reads a missing one.
    expect(Object.keys(manifest ?? {})).not.toContain("__routerFilterStatic");
  });

  it("gives null, so the page loads the file as a script, when it says anything else", () => {
    expect(evaluateBuildManifest("")).toBeNull();
    expect(evaluateBuildManifest("self.__BUILD_MANIFEST={}")).toBeNull();
    expect(evaluateBuildManifest("self.__BUILD_MANIFEST=[]")).toBeNull();
    expect(evaluateBuildManifest("self.__BUILD_MANIFEST={sortedPages:[1]}")).toBeNull();
    expect(evaluateBuildManifest("this is not JavaScript")).toBeNull();
    expect(evaluateBuildManifest("throw new Error('no')")).toBeNull();
    expect(evaluateBuildManifest("for(;;){}")).toBeNull();
  });

  it("runs the code away from the server's globals", () => {
    expect(evaluateBuildManifest("self.__BUILD_MANIFEST={sortedPages:[typeof require, typeof process]}")?.sortedPages).toEqual(["undefined", "undefined"]);
  });
});
