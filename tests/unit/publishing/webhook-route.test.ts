/**
 * The webhook route over real sockets: serveWebhook (what
 * src/pages/api/revalidate.ts runs) with the real handler over the embedded
 * content from the local content API over HTTP, with small body time limits;
 * then the route module itself through Next.js's API resolver, with the real
 * limits. Every case counts the pages revalidated.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { BODY_IDLE_MS } from "../../../src/http/read-body";
import { createReplayGuard, type ReplayGuard } from "../../../src/publishing/replay-guard";
import { createWebhookHandler, MAX_WEBHOOK_BYTES } from "../../../src/publishing/webhook-handler";
import { serveWebhook } from "../../../src/publishing/webhook-route";
import { signWebhookBody } from "../../../src/publishing/webhook-signature";
import * as revalidateRoute from "../../../src/pages/api/revalidate";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "../content/cdn-harness";
import { serveApiRoute, type ServedRoute } from "../http/next-api-route";
import { hangUp, openRequest, type RawExchange } from "../http/socket-client";
import { beforeHangGuard, HANG_GUARD_MS, untilHangGuard } from "../../support/hang-guard";

const SECRET = "route-secret";
// The grace (the reader's own last resort) outlasts the hang guard here, so a closed connection shows the route
// closed it. A time limit is checked from the side a busy machine cannot break (not before it), the rest by
// which limit the log names and by the event itself under the hang guard.
const TIMES = { deadlineMs: 1200, idleMs: 400, graceMs: 4 * HANG_GUARD_MS };
/** The pages a published Atlas refreshes on the embedded content (webhook-handler.test.ts explains which and why). */
const ATLAS = {
  action: "published",
  story_id: 512004201,
  full_slug: "projects/2024/atlas",
  space_id: 1,
  text: "The user Elena published the Story Atlas",
};
const ATLAS_PAGES = ["/", "/projects/2024/atlas", "/projects/ledger-lane", "/projects/tidewater"];

let dir: string;
let cdn: RunningCdn;
let server: Server;
let port: number;
let logs: string[];
let rendered: string[];
let failing: Set<string>;
/** How long each page render takes (real renders take 100s of ms; most cases need no wait). */
let renderMs: number;
let replays: ReplayGuard;
let open: RawExchange[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "webhook-route-"));
  await cp(EMBEDDED_CONTENT, dir, { recursive: true });
  // Site settings that link to no project, as in webhook-handler.test.ts, so a project names only its own pages.
  const site = JSON.parse(await readFile(join(dir, "stories/site.json"), "utf8"));
  await writeFile(
    join(dir, "stories/site.json"),
    JSON.stringify({ ...site, content: { _uid: site.content._uid, component: "site_config", site_name: "Elena Varga" } }),
  );
  cdn = await startCdn(dir);
  // Each test gets a fresh handler (and so fresh memory of payloads) through `current`.
  server = createServer((request, response) => void serveWebhook(current, request, response, revalidate, TIMES));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await cdn.close();
  await rm(dir, { recursive: true, force: true });
});

let current: ReturnType<typeof createWebhookHandler>;
function freshHandler(guard: ReplayGuard = createReplayGuard()) {
  replays = guard;
  const queries = createContentQueries(cdn.client());
  current = createWebhookHandler({
    secret: () => SECRET,
    async listStories() {
      await queries.refresh();
      return queries.listPublishedStories();
    },
    log: (line) => logs.push(line),
    replays,
  });
}
beforeEach(() => {
  logs = [];
  rendered = [];
  failing = new Set();
  renderMs = 0;
  freshHandler();
});
afterEach(() => {
  open.forEach(hangUp);
  open = [];
});

async function revalidate(path: string): Promise<void> {
  if (failing.has(path)) throw new Error("Invalid response 500");
  if (renderMs > 0) await new Promise((resolve) => setTimeout(resolve, renderMs));
  rendered.push(path);
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function send(payload: unknown, options: { signature?: string; to?: number } = {}): Promise<Answer> {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  const response = await fetch(`http://127.0.0.1:${options.to ?? port}/api/revalidate`, {
    method: "POST",
    headers: { "content-type": "application/json", "webhook-signature": options.signature ?? signWebhookBody(body, SECRET) },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The route closed the connection after its answer (which said so: no keep-alive client sends on it again). */
async function expectClosedAfter(request: RawExchange, answer: { headers: Record<string, string> }): Promise<void> {
  expect(answer.headers.connection).toBe("close");
  await beforeHangGuard(request.closed, "the route closing the connection");
}

function raw(head: string[], to = port): RawExchange {
  const exchange = openRequest(to, ["POST /api/revalidate HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json", ...head]);
  open.push(exchange);
  return exchange;
}

describe("slow and oversized bodies: refused in seconds, nothing revalidated", () => {
  it("a body trickled a byte at a time, each well within the idle limit: 408 at the deadline, one log line, the connection closed", async () => {
    const request = raw([`webhook-signature: ${"0".repeat(40)}`, "Content-Length: 300"]);
    // A tenth of the idle limit: a busy machine's late timers stay well within it.
    request.keepWriting("x", TIMES.idleMs / 10);
    const answer = await request.answer;
    expect(answer.status).toBe(408);
    expect(answer.afterMs).toBeGreaterThanOrEqual(TIMES.deadlineMs - 10);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(logs).toHaveLength(1);
    // The deadline, not the idle limit (the seconds it took are the server's to report: at least 1.2, on a busy machine more).
    expect(logs[0]).toMatch(/^revalidate: request body timed out after \d+\.\d s \(the whole body took too long; \d+ bytes received\)/);
    await expectClosedAfter(request, answer);
    expect(rendered).toEqual([]);
  });

  it("headers and then nothing: 408 after the idle limit", async () => {
    const answer = await raw(["Content-Length: 300"]).answer;
    expect(answer.status).toBe(408);
    expect(answer.afterMs).toBeGreaterThanOrEqual(TIMES.idleMs - 10);
    // The idle limit, not the deadline.
    expect(logs[0]).toContain("no data for too long");
  });

  it(`a chunked body past ${MAX_WEBHOOK_BYTES} bytes: 413, and no more of it is read`, async () => {
    const request = raw(["Transfer-Encoding: chunked"]);
    const chunk = `${(4096).toString(16)}\r\n${"a".repeat(4096)}\r\n`;
    for (let i = 0; i < 5; i++) request.write(chunk);
    request.keepWriting(chunk, 20);
    const answer = await request.answer;
    expect(answer.status).toBe(413);
    expect(logs).toEqual([`revalidate: refused a body over ${MAX_WEBHOOK_BYTES} bytes`]);
    await expectClosedAfter(request, answer);
    expect(rendered).toEqual([]);
  });

  it("a Content-Length over the limit: 413 before the body is sent", async () => {
    expect((await raw([`Content-Length: ${MAX_WEBHOOK_BYTES + 1}`]).answer).status).toBe(413);
  });

  it("a Content-Length that under-states a signed body: the handler gets the declared bytes, whose signature fails", async () => {
    const body = JSON.stringify(ATLAS);
    const request = raw([`webhook-signature: ${signWebhookBody(body, SECRET)}`, "Content-Length: 20"]);
    request.write(body);
    // Node's parser takes the rest for a next request and refuses it (400), which may reach the client first.
    await request.closed;
    // The handler's log line may come after the close: waited for, not slept for.
    await untilHangGuard(() => logs.length > 0, "the handler's log line");
    expect(logs).toEqual(["revalidate: bad webhook-signature; nothing revalidated"]);
    expect(rendered).toEqual([]);
  });
});

describe("replays: an identical signed payload revalidates once", () => {
  it("five replays in a row: the pages are rendered once, each repeat answered 200 as a duplicate", async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i++) answers.push(await send(ATLAS));
    expect(answers[0]).toMatchObject({ status: 200, body: { revalidated: ATLAS_PAGES } });
    expect(answers[0]!.body.duplicate).toBeUndefined();
    for (const answer of answers.slice(1)) {
      expect(answer).toEqual({
        status: 200,
        body: { action: "published", story_id: 512004201, duplicate: true, revalidated: [], failed: [] },
      });
    }
    expect(rendered.sort()).toEqual(ATLAS_PAGES);
    expect(logs.filter((line) => line.includes("the same payload was processed"))).toHaveLength(5);
  });

  it("five copies sent at once, renders slow enough for all five to be in before the first is done: rendered once", async () => {
    renderMs = 300;
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(ATLAS)));
    expect(answers.filter((answer) => answer.body.duplicate === true)).toHaveLength(4);
    expect(rendered.sort()).toEqual(ATLAS_PAGES);
  });

  it("a first attempt with a page not refreshed is processed again; the next repeat is the duplicate", async () => {
    failing.add("/projects/tidewater");
    expect((await send(ATLAS)).body.failed).toHaveLength(1);
    failing.clear();
    expect((await send(ATLAS)).body).toMatchObject({ revalidated: ATLAS_PAGES, failed: [] });
    expect((await send(ATLAS)).body.duplicate).toBe(true);
  });

  it("a first attempt the content API refused (502) is processed again", async () => {
    cdn.faults.inject({ kind: "status", status: 503 }, 3);
    expect((await send(ATLAS)).status).toBe(502);
    cdn.faults.clear();
    expect((await send(ATLAS)).body).toMatchObject({ revalidated: ATLAS_PAGES });
  });

  it("two different payloads for the same story are both processed", async () => {
    await send(ATLAS);
    const unpublished = await send({ ...ATLAS, action: "unpublished", text: "The user Elena unpublished the Story Atlas" });
    const otherEditor = await send({ ...ATLAS, text: "The user Sam published the Story Atlas" });
    expect([unpublished.body.duplicate, otherEditor.body.duplicate]).toEqual([undefined, undefined]);
    expect(rendered.filter((path) => path === "/projects/2024/atlas")).toHaveLength(3);
  });

  it("the same payload after the story was published again with new content is processed (an editor's quick fix)", async () => {
    const file = join(dir, "stories/projects/2024/atlas.json");
    const original = await readFile(file, "utf8");
    await send(ATLAS);
    const story = JSON.parse(original);
    await writeFile(file, JSON.stringify({ ...story, content: { ...story.content, headline: "Atlas, fixed" } }));
    try {
      const again = await send(ATLAS);
      expect(again.body).toMatchObject({ revalidated: ATLAS_PAGES });
      expect(again.body.duplicate).toBeUndefined();
    } finally {
      await writeFile(file, original);
    }
  });

  it("after the window the same payload is processed again", async () => {
    // The guard's own clock, moved by hand: a busy machine's pauses between requests must not decide the outcome.
    let clock = 1_000_000;
    freshHandler(createReplayGuard({ windowMs: 300, now: () => clock }));
    await send(ATLAS);
    clock += 299;
    expect((await send(ATLAS)).body.duplicate).toBe(true);
    clock += 2;
    expect((await send(ATLAS)).body.duplicate).toBeUndefined();
    expect(rendered).toHaveLength(ATLAS_PAGES.length * 2);
  });

  it("refused copies are not remembered: a badly signed one first, then the signed one is processed", async () => {
    expect((await send(ATLAS, { signature: signWebhookBody(JSON.stringify(ATLAS), "guess") })).status).toBe(401);
    expect((await send(ATLAS)).body).toMatchObject({ revalidated: ATLAS_PAGES });
    expect(replays.remembered()).toBe(1);
  });
});

describe("src/pages/api/revalidate.ts through Next.js's API resolver (bodyParser off, the real limits)", () => {
  let route: ServedRoute;
  const secretBefore = process.env.STORYBLOK_WEBHOOK_SECRET;
  beforeAll(async () => {
    process.env.STORYBLOK_WEBHOOK_SECRET = SECRET;
    route = await serveApiRoute(revalidateRoute, "/api/revalidate", revalidate);
  });
  afterAll(async () => {
    await route.close();
    if (secretBefore === undefined) delete process.env.STORYBLOK_WEBHOOK_SECRET;
    else process.env.STORYBLOK_WEBHOOK_SECRET = secretBefore;
  });

  it("GET: 405, Allow: POST, not cacheable", async () => {
    const response = await fetch(`http://127.0.0.1:${route.port}/api/revalidate`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("a body the secret did not sign: 401", async () => {
    expect((await send(ATLAS, { to: route.port, signature: signWebhookBody(JSON.stringify(ATLAS), "guess") })).status).toBe(401);
  });

  it("a chunked body past the limit: 413 and the connection closed", async () => {
    const request = raw(["Transfer-Encoding: chunked"], route.port);
    const chunk = `${(4096).toString(16)}\r\n${"a".repeat(4096)}\r\n`;
    for (let i = 0; i < 5; i++) request.write(chunk);
    request.keepWriting(chunk, 20);
    const answer = await request.answer;
    expect(answer.status).toBe(413);
    await expectClosedAfter(request, answer);
  });

  it(`headers and then nothing: 408 after ${BODY_IDLE_MS / 1000} s, the connection closed`, async () => {
    const request = raw(["Content-Length: 300"], route.port);
    const answer = await request.answer;
    expect(answer.status).toBe(408);
    expect(answer.afterMs).toBeGreaterThanOrEqual(BODY_IDLE_MS - 10);
    await expectClosedAfter(request, answer);
  });
});
