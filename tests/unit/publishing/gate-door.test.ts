/**
 * src/publishing/page-gate/gate-door.ts on a real Node.js http.Server (a
 * subclass, so the door is not installed for the rest of the process), over
 * raw sockets: an ordinary visit to a project page the site does not know is
 * answered at the door and never reaches the server's own listener (Next.js,
 * in the site); a known page, any other path, and every request the proxy
 * sees (framed, or with the draft-mode cookie) reach it unchanged. When
 * Node.js stops handing requests over through `emit`, this file fails, not
 * the site quietly. tests/e2e/page-gate.spec.ts proves the door in `next
 * start`, with the site's own gate and not-found page.
 */
import { request as httpRequest, Server } from "node:http";
import { beforeEach, describe, expect, it } from "vitest";
import { doorRequest, installGateDoor, type DoorRequest } from "../../../src/publishing/page-gate/gate-door";
import { openRequest } from "../http/socket-client";
import { doorServer } from "../http/door-server";

const HEADERS = [
  { key: "Content-Security-Policy", value: "default-src 'self'; object-src 'none'" },
  { key: "X-Content-Type-Options", value: "nosniff" },
];
const KNOWN = new Set(["/projects/fieldnotes", "/projects/2024/atlas"]);

class GatedServer extends Server {}
/** What the door asked of the site, in order. */
const asked: string[] = [];
/** What the not-found copy was asked for. */
const notFounds: { request: DoorRequest; userAgent: string | null; origin: string }[] = [];
let gateFails = false;
let copyMissing = false;

installGateDoor(
  {
    headers: HEADERS,
    isKnown: async (page) => {
      asked.push(page);
      if (gateFails) throw new Error("no token");
      return KNOWN.has(page);
    },
    notFound: async (request, userAgent, origin) => {
      notFounds.push({ request, userAgent, origin });
      if (copyMissing) return undefined;
      return new Response(request.data ? '{"notFound":true}' : `<h1>Page not found: ${request.shown}</h1>`, {
        status: 404,
        headers: { "content-type": request.data ? "application/json" : "text/html; charset=utf-8", "x-frame-options": "DENY" },
      });
    },
  },
  GatedServer.prototype,
);

/** The door's server; `reached` is what got past the door to the server's own listener. */
const server = doorServer(GatedServer);
const reached = server.reached;

beforeEach(() => {
  reached.length = 0;
  asked.length = 0;
  notFounds.length = 0;
  gateFails = false;
  copyMissing = false;
});

function ask(method: string, target: string, headers: string[] = []) {
  return openRequest(server.port, [`${method} ${target} HTTP/1.1`, "Host: visitor-named.example", "Connection: close", ...headers]).answer;
}

describe("the requests the door judges", () => {
  it.each<[string, (Omit<DoorRequest, "page"> & { page: string }) | undefined]>([
    ["/projects/fieldnotes", { page: "/projects/fieldnotes", locale: "en", data: false, shown: "/projects/fieldnotes" }],
    ["/projects/2024/atlas?ref=x", { page: "/projects/2024/atlas", locale: "en", data: false, shown: "/projects/2024/atlas?ref=x" }],
    ["/nl/projects/x", { page: "/projects/x", locale: "nl", data: false, shown: "/nl/projects/x" }],
    // Next.js takes a locale in any case, and the default one spelled out.
    ["/NL/projects/x", { page: "/projects/x", locale: "nl", data: false, shown: "/nl/projects/x" }],
    ["/en/projects/x", { page: "/projects/x", locale: "en", data: false, shown: "/projects/x" }],
    ["/projects/caf%C3%A9", { page: "/projects/café", locale: "en", data: false, shown: "/projects/caf%C3%A9" }],
    [
      "/_next/data/build-1/en/projects/2024/atlas.json",
      { page: "/projects/2024/atlas", locale: "en", data: true, shown: "/projects/2024/atlas" },
    ],
    ["/_next/data/build-1/nl/projects/x.json?slug=x", { page: "/projects/x", locale: "nl", data: true, shown: "/nl/projects/x?slug=x" }],
    // Dot segments, resolved as Next.js resolves them: the page they name.
    ["/projects/./flood-1", { page: "/projects/flood-1", locale: "en", data: false, shown: "/projects/flood-1" }],
    ["/projects/%2e%2e/contact", undefined],
    ["/nl/projects/a/../b", { page: "/projects/b", locale: "nl", data: false, shown: "/nl/projects/b" }],
    // Next.js's own before any page: its redirect to the cleaned address, the proxy's redirect, a 400.
    ["/projects//fieldnotes", undefined],
    ["//projects/x", undefined],
    ["/projects\\x", undefined],
    ["/projects/x/", undefined],
    ["/projects/%zz", undefined],
    // Not a page made on request.
    ["/", undefined],
    ["/nl", undefined],
    ["/contact", undefined],
    ["/projects", undefined],
    ["/_next/data/build-1/en.json", undefined],
    ["/_next/static/chunks/main.js", undefined],
    ["/api/contact", undefined],
    // The editor's route is the proxy's: the editor's own requests pass its gate.
    ["/editor/projects/x", undefined],
  ])("%s", (target, expected) => {
    expect(doorRequest(target)).toEqual(expected);
  });
});

describe("the gate at the door", () => {
  it("a known page goes on to the server, unchanged", async () => {
    const answer = await ask("GET", "/projects/2024/atlas?ref=x");
    expect(answer.body).toBe("passed on");
    expect(reached).toEqual(["GET /projects/2024/atlas?ref=x"]);
    expect(asked).toEqual(["/projects/2024/atlas"]);
  });

  it("an unknown page is the not-found copy's 404, asked of the server's own origin, and never reaches the server", async () => {
    const answer = await ask("GET", "/nl/projects/flood-17-x", ["User-Agent: Mozilla/5.0"]);
    expect(answer.status).toBe(404);
    expect(answer.body).toBe("<h1>Page not found: /nl/projects/flood-17-x</h1>");
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(answer.body));
    expect(notFounds).toEqual([
      {
        request: { page: "/projects/flood-17-x", locale: "nl", data: false, shown: "/nl/projects/flood-17-x" },
        userAgent: "Mozilla/5.0",
        origin: `http://127.0.0.1:${server.port}`,
      },
    ]);
    expect(reached).toEqual([]);
  });

  it("an unknown page's data JSON is answered as Next.js answers it", async () => {
    const answer = await ask("GET", "/_next/data/build-1/en/projects/nope.json");
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('{"notFound":true}');
    expect(reached).toEqual([]);
  });

  it("HEAD gets the 404's headers and no body", async () => {
    // Node.js's client, which knows a HEAD answer has no body whatever its Content-Length says.
    const answer = await new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
      const request = httpRequest({ port: server.port, host: "127.0.0.1", method: "HEAD", path: "/projects/nope" }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, type: response.headers["content-type"], body }));
      });
      request.on("error", reject);
      request.end();
    });
    expect(answer).toEqual({ status: 404, type: "text/html; charset=utf-8", body: "" });
    expect(reached).toEqual([]);
  });

  // A method Node.js's parser does not know never becomes a request: the method door answers it (method-door.test.ts).
  it.each(["POST", "DELETE", "OPTIONS", "TRACE", "PROPFIND"])(
    "%s on a project page, known or not, is a 405 naming GET and HEAD, with the headers, before the gate is asked",
    async (method) => {
      for (const target of ["/projects/fieldnotes", "/nl/projects/nope"]) {
        const answer = await ask(method, target);
        expect(answer.status, `${method} ${target}`).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD");
        expect(answer.headers["content-security-policy"]).toBe("default-src 'self'; object-src 'none'");
      }
      expect(asked).toEqual([]);
      expect(reached).toEqual([]);
    },
  );

  it.each([
    ["framed (the Visual Editor's)", ["Sec-Fetch-Dest: iframe"]],
    ["with the draft-mode cookie", ["Cookie: theme=dark; __prerender_bypass=abc"]],
  ])("a request %s goes on to the server, for the proxy to judge", async (_, headers) => {
    const answer = await ask("GET", "/projects/draft-only?_storyblok=1", headers);
    expect(answer.body).toBe("passed on");
    expect(asked).toEqual([]);
    expect(reached).toHaveLength(1);
  });

  it("a cookie that only ends in the draft-mode cookie's name is no draft-mode cookie", async () => {
    const answer = await ask("GET", "/projects/nope", ["Cookie: my__prerender_bypass=abc"]);
    expect(answer.status).toBe(404);
  });

  it("other paths go on without asking the gate", async () => {
    for (const target of ["/", "/nl", "/contact", "/editor/projects/nope", "/projects/x/"]) await ask("GET", target);
    expect(asked).toEqual([]);
    expect(reached).toHaveLength(5);
  });

  it("a gate that cannot answer (a content source configured wrong) hands the request on: the page reports it", async () => {
    gateFails = true;
    const answer = await ask("GET", "/projects/nope");
    expect(answer.body).toBe("passed on");
    expect(reached).toEqual(["GET /projects/nope"]);
  });

  it("with no copy of the not-found page yet, the request goes on: the page answers 404 itself", async () => {
    copyMissing = true;
    const answer = await ask("GET", "/projects/nope");
    expect(answer.body).toBe("passed on");
    expect(notFounds).toHaveLength(1);
  });
});
