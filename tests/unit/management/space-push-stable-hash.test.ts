/**
 * The hash the journal keeps of a written version. It is the SHA-256 of one
 * canonical JSON text (keys sorted, undefined keys left out), so a journal
 * written by an earlier push still matches the same content, whatever the
 * key order it is read back in.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { stableHash } from "../../../tools/space-push/stable-hash";

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

describe("the stable hash", () => {
  it("is the SHA-256 of the JSON with every object's keys in code-unit order", () => {
    expect(stableHash({ b: 1, a: [1, "x", { d: null, c: true }], C: "y" })).toBe(sha256('{"C":"y","a":[1,"x",{"c":true,"d":null}],"b":1}'));
    expect(stableHash({ z: 1, y: 2, x: 3 })).toBe(sha256('{"x":3,"y":2,"z":1}'));
    expect(stableHash({ x: 3, y: 2, z: 1 })).toBe(sha256('{"x":3,"y":2,"z":1}'));
    expect(stableHash({ y: 2, z: 1, x: 3 })).toBe(sha256('{"x":3,"y":2,"z":1}'));
    expect(stableHash([])).toBe(sha256("[]"));
    expect(stableHash("a")).toBe(sha256('"a"'));
  });

  it("leaves out keys that hold undefined, and writes undefined in an array as null, as JSON does", () => {
    expect(stableHash({ a: 1, b: undefined })).toBe(stableHash({ a: 1 }));
    expect(stableHash([undefined])).toBe(sha256("[null]"));
    expect(stableHash(undefined)).toBe(sha256("null"));
  });

  it("tells apart what JSON tells apart", () => {
    expect(stableHash([1, 2])).not.toBe(stableHash([[1, 2]]));
    expect(stableHash([1, 2])).not.toBe(stableHash([12]));
    expect(stableHash({ a: 1, b: 2 })).not.toBe(stableHash({ a: 12 }));
  });
});
