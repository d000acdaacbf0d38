/**
 * The address the rate limit counts, from each source CONTACT_TRUST_PROXY
 * (or the platform) names, over a real HTTP connection: headers a client
 * writes itself never pick its address unless something it cannot bypass
 * overwrites them.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress } from "../../../src/contact/server/client-address";
import type { AddressSource } from "../../../src/contact/server/config";

const request = (headers: Record<string, string | string[] | undefined>): IncomingMessage =>
  ({ socket: { remoteAddress: "10.0.0.2" }, headers }) as unknown as IncomingMessage;

const CONNECTION: AddressSource = { kind: "connection" };
const PROXY: AddressSource = { kind: "last-forwarded-for" };
const VERCEL: AddressSource = { kind: "platform-header", header: "x-real-ip" };
const NETLIFY: AddressSource = { kind: "platform-header", header: "x-nf-client-connection-ip" };

describe("clientAddress", () => {
  it.each<[string, Record<string, string | string[]>]>([
    ["X-Forwarded-For", { "x-forwarded-for": "203.0.113.7" }],
    ["X-Real-IP (Vercel's header, forged)", { "x-real-ip": "203.0.113.7" }],
    ["Netlify's header, forged", { "x-nf-client-connection-ip": "203.0.113.7" }],
    ["all of them", { "x-forwarded-for": "1.1.1.1", "x-real-ip": "2.2.2.2", "x-nf-client-connection-ip": "3.3.3.3" }],
  ])("the connection's address is used when the source is the connection, whatever %s says", (_name, headers) => {
    expect(clientAddress(request(headers), CONNECTION)).toBe("10.0.0.2");
  });

  it.each<[string, string | string[] | undefined, string]>([
    ["the proxy's entry is the last", "198.51.100.9, 203.0.113.7", "203.0.113.7"],
    ["a forged first entry changes nothing", "1.2.3.4, 5.6.7.8, 203.0.113.7", "203.0.113.7"],
    ["repeated headers", ["1.2.3.4", "203.0.113.7"], "203.0.113.7"],
    ["no header: the connection", undefined, "10.0.0.2"],
    ["an empty header: the connection", " , ", "10.0.0.2"],
  ])("behind a proxy: %s", (_name, header, want) => {
    expect(clientAddress(request({ "x-forwarded-for": header }), PROXY)).toBe(want);
  });

  it.each<[string, AddressSource, Record<string, string | string[] | undefined>, string]>([
    ["Vercel: X-Real-IP, not X-Forwarded-For", VERCEL, { "x-real-ip": "203.0.113.7", "x-forwarded-for": "1.2.3.4" }, "203.0.113.7"],
    ["Vercel: trimmed", VERCEL, { "x-real-ip": " 2001:db8::1 " }, "2001:db8::1"],
    ["Vercel: repeated, the first", VERCEL, { "x-real-ip": ["203.0.113.7", "1.2.3.4"] }, "203.0.113.7"],
    ["Vercel: missing, the connection", VERCEL, {}, "10.0.0.2"],
    ["Vercel: empty, the connection", VERCEL, { "x-real-ip": "  " }, "10.0.0.2"],
    ["Netlify: its own header", NETLIFY, { "x-nf-client-connection-ip": "203.0.113.8", "x-real-ip": "1.2.3.4" }, "203.0.113.8"],
    ["Netlify: missing, the connection", NETLIFY, { "x-real-ip": "1.2.3.4" }, "10.0.0.2"],
  ])("the platform's header: %s", (_name, source, headers, want) => {
    expect(clientAddress(request(headers), source)).toBe(want);
  });
});

describe("clientAddress over a real connection", () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];
  let source: AddressSource = CONNECTION;

  beforeAll(async () => {
    server = createServer((incoming, response) => {
      seen.push(clientAddress(incoming, source));
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a client that forges X-Real-IP and X-Forwarded-For is counted by its socket when the source is the connection", async () => {
    source = CONNECTION;
    await fetch(base, { headers: { "x-real-ip": "203.0.113.99", "x-forwarded-for": "203.0.113.98" } });
    expect(seen.at(-1)).toBe("127.0.0.1");
  });

  it("the same forged X-Real-IP is believed only when the platform's edge is said to write it", async () => {
    source = VERCEL;
    await fetch(base, { headers: { "x-real-ip": "203.0.113.99" } });
    expect(seen.at(-1)).toBe("203.0.113.99");
  });
});
