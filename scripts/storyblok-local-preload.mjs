/**
 * A Node preload that points Storyblok's official CLI (`storyblok`, or any Node tool
 * with Storyblok's hosts built in) at the local APIs of `portfolio content serve`:
 *
 *   STORYBLOK_LOCAL_URL=http://127.0.0.1:4010 \
 *   STORYBLOK_LOGIN=local STORYBLOK_TOKEN=local-oauth STORYBLOK_REGION=eu \
 *   node --import ./scripts/storyblok-local-preload.mjs node_modules/storyblok/dist/index.mjs components pull --space 1
 *
 * (or `NODE_OPTIONS="--import ./scripts/storyblok-local-preload.mjs" npx storyblok …`).
 *
 * The CLI has no option for its API's address: it builds `https://mapi.storyblok.com/v1`
 * (or the region's host) itself. This preload wraps `fetch`, which the CLI and
 * Storyblok's clients send every request through, so a request to any of Storyblok's
 * API hosts, in any region, goes to STORYBLOK_LOCAL_URL with its path and query kept.
 * Loopback addresses pass as they are (the local server's own asset URLs). Any other
 * host is refused with an error naming it, and so is any socket the process opens to a
 * host that is not loopback: nothing reaches Storyblok's servers or anywhere else.
 */
import net from "node:net";

const STORYBLOK_HOSTS = new Set([
  // Management API, per region (EU has a host of its own; the others share the CDN's).
  "mapi.storyblok.com",
  // Content Delivery API, per region; US, CA and AP answer the Management API too.
  "api.storyblok.com",
  "api-us.storyblok.com",
  "api-ca.storyblok.com",
  "api-ap.storyblok.com",
  // China: both APIs.
  "app.storyblokchina.cn",
]);
const LOOPBACK = new Set(["127.0.0.1", "::1", "[::1]", "localhost"]);

const local = process.env.STORYBLOK_LOCAL_URL;
if (!local) throw new Error("storyblok-local-preload: set STORYBLOK_LOCAL_URL to the local server, e.g. http://127.0.0.1:4010");
const target = new URL(local);
if (!isLoopback(target.hostname))
  throw new Error(`storyblok-local-preload: STORYBLOK_LOCAL_URL must be a loopback address, not ${target.host}`);

function isLoopback(host) {
  return LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The local address for a request to one of Storyblok's hosts; the URL itself for loopback; an error for anything else. */
export function redirect(input) {
  const url = new URL(input);
  if (STORYBLOK_HOSTS.has(url.hostname)) {
    const to = new URL(url.pathname + url.search, target);
    return to.toString();
  }
  if (isLoopback(url.hostname)) return url.toString();
  throw new Error(
    `storyblok-local-preload: refused a request to ${url.host} (${url.href}): only Storyblok's API hosts (sent to ${target.origin}) and loopback are allowed`,
  );
}

const originalFetch = globalThis.fetch;
globalThis.fetch = function localFetch(input, init) {
  if (input instanceof Request) {
    return originalFetch(new Request(redirect(input.url), input), init);
  }
  return originalFetch(redirect(input instanceof URL ? input.href : String(input)), init);
};

// Below fetch: no socket to anything but loopback (or a Unix socket), whatever opens it.
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const host =
    typeof first === "object" && first !== null
      ? first.path
        ? undefined
        : (first.host ?? "localhost")
      : typeof first === "number" || /^\d+$/.test(String(first))
        ? typeof args[1] === "string"
          ? args[1]
          : "localhost"
        : undefined;
  if (host !== undefined && !isLoopback(host)) {
    throw new Error(`storyblok-local-preload: refused a connection to ${host}: only loopback is allowed`);
  }
  return connect.apply(this, args);
};
