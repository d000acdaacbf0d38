import { describe, expect, it } from "vitest";
import { contentCoding } from "../../../src/http/compression/accept-encoding";

describe("the content coding an answer is sent in", () => {
  it.each([
    // What browsers send.
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate", "gzip"],
    // Weights, spaces and case.
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br ; q=1.0, gzip", "br"],
    ["GZIP", "gzip"],
    // Refused codings.
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    // `*` stands for any coding not named.
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["identity", "identity"],
    ["deflate", "identity"],
    // No header, or an empty one: identity (RFC 9110 allows any, a client that names none may decode none).
    [undefined, "identity"],
    ["", "identity"],
    // Malformed weights count as refusals, not as errors.
    ["br;q=abc, gzip", "gzip"],
  ] as const)("Accept-Encoding %j: %s", (header, coding) => {
    expect(contentCoding(header)).toBe(coding);
  });

  it("takes a header sent more than once as one list", () => {
    expect(contentCoding(["gzip", "br"])).toBe("br");
  });
});
