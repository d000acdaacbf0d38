import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  allowedMethodsAt,
  allowHeader,
  API_ROUTE_METHODS,
  CONTACT_PAGE_METHODS,
  isAllowedMethod,
  PAGE_METHODS,
} from "../../../src/http/allowed-methods";

describe("allowedMethodsAt", () => {
  it.each([
    ["/", "GET, HEAD"],
    ["/nl", "GET, HEAD"],
    ["/projects/2024/atlas?ref=mail", "GET, HEAD"],
    ["/nl/projects/fieldnotes", "GET, HEAD"],
    ["/no-such-page", "GET, HEAD"],
    ["/sitemap.xml", "GET, HEAD"],
    ["/_next/static/chunks/main.js", "GET, HEAD"],
    ["/contact", "GET, HEAD, POST"],
    ["/nl/contact?sent=1", "GET, HEAD, POST"],
    ["/contact/", "GET, HEAD, POST"],
    ["/contact/more", "GET, HEAD"],
    ["/api/contact", "POST"],
    ["/api/contact/deliver", "GET, POST"],
    ["/api/revalidate?x=1", "POST"],
    ["/api/no-such-route", "GET, HEAD"],
    ["/nl/api/contact", "GET, HEAD"],
  ])("%s: %s", (path, allowed) => {
    expect(allowHeader(allowedMethodsAt(path))).toBe(allowed);
  });

  it("is exact about a method's name (methods are case-sensitive)", () => {
    expect(isAllowedMethod("GET", PAGE_METHODS)).toBe(true);
    expect(isAllowedMethod("get", PAGE_METHODS)).toBe(false);
    expect(isAllowedMethod(undefined, PAGE_METHODS)).toBe(false);
    expect(isAllowedMethod("POST", CONTACT_PAGE_METHODS)).toBe(true);
  });
});

describe("API_ROUTE_METHODS", () => {
  // A new API route without an entry would answer every method its code forgets to refuse.
  it("names every API route of src/pages/api, and nothing else", () => {
    const folder = join(process.cwd(), "src/pages/api");
    const routes = readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) =>
        `/api/${file
          .split("\\")
          .join("/")
          .replace(/\.tsx?$/, "")
          .replace(/\/index$|^index$/, "")}`.replace(/\/$/, ""),
      );
    expect(Object.keys(API_ROUTE_METHODS).sort()).toEqual(routes.sort());
  });

  it("allows no route OPTIONS: none documents it", () => {
    for (const allowed of [PAGE_METHODS, CONTACT_PAGE_METHODS, ...Object.values(API_ROUTE_METHODS)])
      expect(allowed).not.toContain("OPTIONS");
  });
});
