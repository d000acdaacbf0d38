import { isIPv4, isIPv6 } from "node:net";

/**
 * The network a contact post is counted against, as a canonical string:
 *
 * - IPv4: the address itself ("203.0.113.9").
 * - IPv6: its /64 ("2001:db8:1:2::/64"). One subscriber line or server is
 *   handed a whole /64 (RFC 6177) and picks any of its 2^64 addresses at
 *   will, so counting addresses would give each sender an endless supply
 *   of fresh allowances.
 * - IPv4-mapped IPv6 ("::ffff:203.0.113.9", what a dual-stack socket
 *   reports for an IPv4 client): the IPv4 address it carries, so one
 *   sender is one count whichever way the server or a proxy spells it.
 *
 * Every spelling of one address gives the same string: "::" compression,
 * leading zeros, upper case, a zone id ("fe80::1%eth0"), embedded IPv4
 * ("64:ff9b::192.0.2.1" is plain IPv6 here), brackets and a port as some
 * proxies write them ("[2001:db8::1]:443", "203.0.113.9:51234").
 * Anything else is counted as given: never a crash, and never a shared
 * "unknown" bucket that one sender could fill for everybody.
 */
export function rateLimitNetwork(address: string): string {
  const host = withoutPort(address.trim());
  if (isIPv4(host)) return host;
  if (!isIPv6(host)) return address;
  const groups = ipv6Groups(host.split("%")[0] ?? host);
  if (isIPv4Mapped(groups)) return ipv4FromGroups(groups[6] ?? 0, groups[7] ?? 0);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** "[v6]:port" and "[v6]" → "v6"; "a.b.c.d:port" → "a.b.c.d"; anything else unchanged. */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) return bracketed[1];
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return ipv4WithPort?.[1] ?? address;
}

/**
 * The eight 16-bit groups of an address node:net has accepted as IPv6
 * (zone id removed, so it has eight groups once "::" is expanded), with a
 * trailing dotted IPv4 turned into its two groups; hex is read in either case.
 */
function ipv6Groups(address: string): number[] {
  const [head = "", tail = ""] = address.split("::");
  const parts = (text: string) => (text === "" ? [] : text.split(":").flatMap(dottedToGroups));
  const before = parts(head);
  const after = parts(tail);
  const zeros = Array<string>(8 - before.length - after.length).fill("0");
  return [...before, ...zeros, ...after].map((group) => Number.parseInt(group, 16));
}

/** "192.0.2.1" → ["c000", "201"]; a hex group stays as it is. */
function dottedToGroups(part: string): string[] {
  if (!part.includes(".")) return [part];
  const [a = 0, b = 0, c = 0, d = 0] = part.split(".").map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/** ::ffff:0:0/96 (RFC 4291 2.5.5.2): an IPv4 client seen through an IPv6 socket. */
function isIPv4Mapped(groups: readonly number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

function ipv4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}
