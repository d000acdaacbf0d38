/**
 * The page gate (page-gate.ts) at the server's door: a request for a page
 * made on request (a project: the route table's folder kinds, in any
 * language, or its `/_next/data/…` JSON) that names no page of the site is
 * a 404 here, from the copy of the rendered not-found page, before Next.js
 * sees it: no content request, no not-found entry per path in the page
 * cache, a fraction of a render's time (issue 36). A page the site knows
 * goes on to Next.js untouched.
 *
 * It was the proxy's first job. There every project request paid for the
 * proxy (Next.js makes a Request, runs the proxy's bundle and resumes
 * routing): 35–45 % of a cached project page's throughput, for a check that
 * is a set lookup (issue 58). Here it costs that lookup. The proxy keeps
 * what needs Next.js's view of a request: the editor's route and its entry,
 * the draft-mode cookies, the trailing-slash redirect.
 *
 * Installed like the method door (src/http/method-door.ts, which documents
 * why a door is needed at all): it wraps `emit` of Node.js's http.Server
 * once, from the server's start-up (src/instrumentation-node.ts).
 * tests/unit/publishing/gate-door.test.ts fails when Node.js stops handing
 * requests over this way, tests/e2e/page-gate.spec.ts when Next.js's
 * answers change under it.
 */
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import type { Header } from "../../security/security-headers";
import { allowedMethodsAt, isAllowedMethod } from "../../http/allowed-methods";
import { refuseMethod } from "../../http/method-door";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../i18n/locales";
import { localePath } from "../../i18n/locale-paths";
import { ON_REQUEST_PREFIXES } from "../../routes/site-routes";
import { DRAFT_MODE_COOKIES } from "../../preview/preview-entry";
import { gatedPagePath } from "./gated-paths";

/** A request the door judges: the page it names, in which language, and whether as Next.js's data JSON. */
export interface DoorRequest {
  /** The page's path as the default locale has it, decoded (`/projects/café`). */
  page: string;
  locale: Locale;
  data: boolean;
  /** The address as the not-found page shows it (`/nl/projects/x?y`). */
  shown: string;
}

/** What the door needs of the site: whether a page is known, and the not-found copy's answer. */
export interface GateDoorDeps {
  isKnown(page: string): Promise<boolean>;
  notFound(request: DoorRequest, userAgent: string | null, origin: string): Promise<Response | undefined>;
  /** The security headers every answer of the site carries (for the 405). */
  headers: readonly Header[];
}

const DATA_PREFIX = /^\/_next\/data\/[^/]+(\/.*)\.json$/;
const installed = Symbol.for("portfolio.gate-door");

/**
 * The page a request target names when the door answers for it: a path
 * under one of the route table's folder kinds, after an optional locale
 * segment (matched as Next.js matches it, in any case; the default one
 * too), or the same as `/_next/data/<build>/<locale>/….json`. Undefined for
 * every other target, and for one Next.js answers itself before any page:
 * a repeated slash or a backslash (its 308 to the cleaned address), a
 * trailing slash (the proxy's redirect), a malformed escape (400).
 */
export function doorRequest(target: string): DoorRequest | undefined {
  const queryAt = target.search(/[?#]/);
  const raw = queryAt < 0 ? target : target.slice(0, queryAt);
  const search = queryAt < 0 ? "" : target.slice(queryAt);
  if (!raw.startsWith("/") || raw.includes("//") || raw.includes("\\")) return undefined;
  // Dot segments (`/projects/./x`, `/projects/%2e%2e/contact`) resolved as Next.js's URL parsing resolves them.
  const path = new URL(raw, "http://door.invalid").pathname;
  const data = DATA_PREFIX.exec(path);
  const address = data ? data[1]! : path;
  if (!address.startsWith("/") || (address.length > 1 && address.endsWith("/"))) return undefined;
  const [, first = "", rest = ""] = /^\/([^/]*)(.*)$/.exec(address) ?? [];
  const named = LOCALES.find((locale) => locale.toLowerCase() === first.toLowerCase());
  const locale = named ?? DEFAULT_LOCALE;
  const pagePath = named ? rest || "/" : address;
  // Only the folder kinds: the editor's route is the proxy's (its own requests pass the gate).
  if (!ON_REQUEST_PREFIXES.some((prefix) => pagePath.startsWith(prefix))) return undefined;
  const page = gatedPagePath(pagePath);
  if (page === undefined) return undefined;
  return { page, locale, data: data !== null, shown: `${localePath(locale, pagePath)}${search}` };
}

/**
 * A request the proxy sees whatever its path (src/proxy.ts's matcher): a
 * framed one (the Visual Editor's, whose own requests pass the gate: it may
 * open a story never published) or one carrying the draft-mode cookie (which
 * the proxy takes off a request that is not the editor's). The proxy gates
 * those; the door judges only ordinary visits, which the proxy never sees.
 */
function forThePreview(req: IncomingMessage): boolean {
  const cookies = req.headers.cookie;
  return req.headers["sec-fetch-dest"] === "iframe" || (cookies !== undefined && DRAFT_MODE_COOKIE.test(cookies));
}

/** Next.js's draft-mode bypass cookie among a request's cookies (preview-entry.ts names it; the proxy's matcher looks for it). */
const DRAFT_MODE_COOKIE = new RegExp(`(?:^|;)\\s*${DRAFT_MODE_COOKIES[0]}=`);

/** This server's own origin (never one a request names): where the not-found copy is asked for. */
function ownOrigin(server: Server): string | undefined {
  const address = server.address();
  if (!address || typeof address === "string") return undefined;
  const host = address.address === "::" || address.address === "0.0.0.0" ? "127.0.0.1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

/** Writes a web Response (the not-found copy's answer, its headers the rendered page's) on a Node.js response; a HEAD gets the headers only. */
async function send(res: ServerResponse, answer: Response, head: boolean): Promise<void> {
  const body = await answer.text();
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(answer.status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
  res.end(head ? undefined : body);
}

/**
 * Installs the door on `prototype` (every http.Server of the process; a
 * subclass's in tests), once. A request it judges waits for the gate (a set
 * lookup, or the listing a stale set waits for, as it did in the proxy);
 * every other event and request goes on at once, unchanged.
 */
export function installGateDoor(deps: GateDoorDeps, prototype: Server = Server.prototype as Server): void {
  const target = prototype as Server & { [installed]?: true };
  if (target[installed]) return;
  target[installed] = true;
  const emit = Reflect.get(target, "emit") as (...args: unknown[]) => boolean;
  target.emit = function emitThroughTheGate(this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== "request") return Reflect.apply(emit, this, [event, ...args]);
    const [req, res] = args as [IncomingMessage, ServerResponse];
    const request = forThePreview(req) ? undefined : doorRequest(req.url ?? "/");
    if (!request) return Reflect.apply(emit, this, [event, ...args]);
    const method = req.method ?? "GET";
    const allowed = allowedMethodsAt(request.page);
    // The methods first, as everywhere: a method the route does not answer is a 405, known page or not.
    if (!isAllowedMethod(method, allowed)) {
      refuseMethod(res, allowed, deps.headers);
      return true;
    }
    const passOn = () => Reflect.apply<Server, unknown[], boolean>(emit, this, [event, ...args]);
    void judge(this, req, res, request, deps).then((answered) => {
      if (!answered) passOn();
    });
    return true;
  } as Server["emit"];
}

/**
 * Answers `req` when its page is unknown and the copy can answer; false
 * hands it on to Next.js: a known page, a gate or copy that failed (the
 * page reports that, as every page does), or no copy yet (the page answers
 * 404 itself, still without a content request: its getStaticProps asks the
 * gate too).
 */
async function judge(
  server: Server,
  req: IncomingMessage,
  res: ServerResponse,
  request: DoorRequest,
  deps: GateDoorDeps,
): Promise<boolean> {
  try {
    if (await deps.isKnown(request.page)) return false;
    const origin = ownOrigin(server);
    const answer = origin && (await deps.notFound(request, req.headers["user-agent"] ?? null, origin));
    if (!answer) return false;
    await send(res, answer, req.method === "HEAD");
    return true;
  } catch {
    return res.headersSent;
  }
}
