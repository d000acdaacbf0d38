import { describe, expect, it } from "vitest";
import { rateLimitNetwork } from "../../../src/contact/server/rate-limit-network";

describe("rateLimitNetwork: every spelling of one sender is one count", () => {
  it.each<[string, string]>([
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    // leading zeros and the full form
    ["2001:0db8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2::/64"],
    ["2001:db8:01:002::0001", "2001:db8:1:2::/64"],
    // upper and mixed case
    ["2001:DB8:1:2::ABCD", "2001:db8:1:2::/64"],
    ["2001:Db8:1:2:AbCd::1", "2001:db8:1:2::/64"],
    // "::" anywhere, or spelled out
    ["2001:db8:1:2:0:0:0:0", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["2001:db8::2:1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:1::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    // zone ids
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["fe80::abcd%2", "fe80:0:0:0::/64"],
    // brackets and ports, as some proxies write them
    ["[2001:db8:1:2::1]", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::1]:443", "2001:db8:1:2::/64"],
    // surrounding blanks from a header
    ["  2001:db8:1:2::1 ", "2001:db8:1:2::/64"],
    // embedded IPv4 that is not IPv4-mapped: plain IPv6
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    ["64:ff9b::c000:201", "64:ff9b:0:0::/64"],
    ["2001:db8:1:2::192.0.2.1", "2001:db8:1:2::/64"],
  ])("IPv6 %s counts as %s", (address, want) => {
    expect(rateLimitNetwork(address)).toBe(want);
  });

  it.each<[string, string]>([
    ["203.0.113.9", "203.0.113.9"],
    ["203.0.113.9:51234", "203.0.113.9"],
    // IPv4-mapped IPv6, however written, is the IPv4 address it carries
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::FFFF:203.0.113.9", "203.0.113.9"],
    ["::ffff:cb00:7109", "203.0.113.9"],
    ["0:0:0:0:0:ffff:cb00:7109", "203.0.113.9"],
    ["0000:0000:0000:0000:0000:FFFF:203.0.113.9", "203.0.113.9"],
    ["[::ffff:203.0.113.9]:443", "203.0.113.9"],
    ["::ffff:203.0.113.9%eth0", "203.0.113.9"],
    ["::ffff:cb00:7109%2", "203.0.113.9"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
  ])("IPv4 %s counts as %s", (address, want) => {
    expect(rateLimitNetwork(address)).toBe(want);
  });

  it("keeps IPv4 addresses apart, even in one /24", () => {
    expect(rateLimitNetwork("203.0.113.9")).not.toBe(rateLimitNetwork("203.0.113.10"));
  });

  it.each<[string, string]>([
    ["neighbouring /64s", "2001:db8:1:3::1"],
    ["another /48", "2001:db8:2:2::1"],
    ["the IPv4-compatible (not mapped) form", "::203.0.113.9"],
    ["a NAT64 address", "64:ff9b::203.0.113.9"],
  ])("keeps apart from 2001:db8:1:2::/64 and 203.0.113.9: %s", (_name, address) => {
    expect(rateLimitNetwork(address)).not.toBe("2001:db8:1:2::/64");
    expect(rateLimitNetwork(address)).not.toBe("203.0.113.9");
  });

  it.each([
    "unknown",
    "",
    "not an address",
    "010.0.0.1",
    "256.1.1.1",
    "1::2::3",
    "2001:db8:1:2:3:4:5:6:7",
    "12345::1",
    "fe80::1%",
    "::ffff:1.2.3.04",
    "[2001:db8::1",
    "2001:db8::1]:80",
  ])("an unparseable %j is counted as given, without a crash", (address) => {
    expect(rateLimitNetwork(address)).toBe(address);
  });
});
