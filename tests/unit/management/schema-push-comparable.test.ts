/**
 * When `schema push` counts two values as the same setting, and how the plan
 * prints one: what a space fills in for a setting nobody set (`null`, `""`,
 * `false`, `[]`, `{}`) is no change against an absent one; anything else that
 * differs, inside arrays and objects too, is a change.
 */
import { describe, expect, it } from "vitest";
import { changedKeys, isUnset, sameValue, showValue } from "../../../tools/schema-push/comparable";

describe("isUnset", () => {
  it.each([undefined, null, "", false, [], {}])("%j is what a space stores for a setting nobody set", (value) => {
    expect(isUnset(value)).toBe(true);
  });

  it.each([0, "x", true, [null], [0], { a: null }, { a: 1 }])("%j is set", (value) => {
    expect(isUnset(value)).toBe(false);
  });
});

describe("sameValue", () => {
  it.each<[unknown, unknown]>([
    ["", undefined],
    [false, null],
    [[], undefined],
    [{}, null],
    [
      [1, { a: 1 }],
      [1, { a: 1 }],
    ],
    [
      { a: 1, b: null },
      { b: false, a: 1 },
    ],
  ])("%j and %j are the same setting", (a, b) => {
    expect(sameValue(a, b)).toBe(true);
    expect(sameValue(b, a)).toBe(true);
  });

  it.each<[string, unknown, unknown]>([
    ["a string against a number", "70", 70],
    ["a shorter array", [1], [1, 2]],
    ["arrays of one length, another item", [1], [2]],
    ["arrays alike but for the last item", [1, 2], [1, 3]],
    ["an object's one value", { a: 1 }, { a: 2 }],
    ["objects alike but for one key", { a: 1, b: 2 }, { a: 1, b: 3 }],
    ["a key only one side sets", { a: 1 }, { a: 1, b: "x" }],
  ])("%s is a change", (_, a, b) => {
    expect(sameValue(a, b)).toBe(false);
    expect(sameValue(b, a)).toBe(false);
  });
});

describe("changedKeys", () => {
  it("lists the keys that differ, the local object's first, and none that are unset on both sides", () => {
    expect(changedKeys({ b: 2, a: 1, c: null }, { a: 1, d: "x", b: 3, e: false })).toEqual(["b", "d"]);
  });
});

describe("showValue", () => {
  it("prints JSON, and (unset) for a value that is not there", () => {
    expect(showValue(undefined)).toBe("(unset)");
    expect(showValue(null)).toBe("null");
    expect(showValue({ a: [1, "b"] })).toBe('{"a":[1,"b"]}');
  });

  it("keeps 60 characters whole and cuts a longer value to 57 and an ellipsis", () => {
    const sixty = JSON.stringify("x".repeat(58));
    expect(sixty).toHaveLength(60);
    expect(showValue("x".repeat(58))).toBe(sixty);
    expect(showValue("y".repeat(59))).toBe(`"${"y".repeat(56)}...`);
  });
});
