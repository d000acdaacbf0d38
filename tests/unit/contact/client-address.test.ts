import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress } from "../../../src/contact/client-address";

const request = (forwarded: string | string[] | undefined): IncomingMessage =>
  ({ socket: { remoteAddress: "10.0.0.2" }, headers: { "x-forwarded-for": forwarded } }) as unknown as IncomingMessage;

describe("clientAddress", () => {
  it("uses the connection's address unless told to trust a proxy: the header is the client's to forge", () => {
    expect(clientAddress(request("203.0.113.7"), false)).toBe("10.0.0.2");
  });

  it.each<[string, string | string[] | undefined, string]>([
    ["the proxy's entry is the last", "198.51.100.9, 203.0.113.7", "203.0.113.7"],
    ["a forged first entry changes nothing", "1.2.3.4, 5.6.7.8, 203.0.113.7", "203.0.113.7"],
    ["repeated headers", ["1.2.3.4", "203.0.113.7"], "203.0.113.7"],
    ["no header: the connection", undefined, "10.0.0.2"],
    ["an empty header: the connection", " , ", "10.0.0.2"],
  ])("behind a proxy: %s", (_name, header, want) => {
    expect(clientAddress(request(header), true)).toBe(want);
  });
});
