/**
 * src/http/method-door.ts on a real Node.js http.Server (a subclass, so the
 * door is not installed for the rest of the process), over raw sockets: the
 * methods the door answers never reach the server's own listener, every
 * other one does. When Node.js stops handing these requests over through
 * `emit`, this file fails, not the site quietly.
 */
import { Server } from "node:http";
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { answeredAtTheDoor, installMethodDoor } from "../../../src/http/method-door";
import { openRequest } from "./socket-client";
import { doorServer } from "./door-server";

const HEADERS = [
  { key: "Content-Security-Policy", value: "default-src 'self'; object-src 'none'" },
  { key: "X-Content-Type-Options", value: "nosniff" },
];

class DoorServer extends Server {}
installMethodDoor(HEADERS, DoorServer.prototype);

/** The door's server; `reached` is what got past the door to the server's own listener (Next.js, in the site). */
const server = doorServer(DoorServer);
const reached = server.reached;

function ask(method: string, target: string) {
  return openRequest(server.port, [`${method} ${target} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close"]).answer;
}

describe("the method door", () => {
  it.each([
    // Refused by the Fetch standard: Next.js cannot make a NextRequest for them.
    ["TRACE", "/projects/fieldnotes", "GET, HEAD"],
    ["TRACE", "/api/revalidate", "POST"],
    // Node.js's parser knows neither: without the door, its own 400 without headers.
    ["TRACK", "/nl/projects/fieldnotes", "GET, HEAD"],
    ["FOOBAR", "/api/contact?x=1", "POST"],
    // Node.js drops it without a "connect" listener.
    ["CONNECT", "/editor/projects/fieldnotes", "GET, HEAD"],
    ["CONNECT", "example.com:443", "GET, HEAD"],
    // Next.js answers it 400 for every page and file.
    ["OPTIONS", "/sitemap.xml", "GET, HEAD"],
    ["OPTIONS", "/contact", "GET, HEAD, POST"],
  ])("%s %s: 405, Allow: %s, the headers, and nothing reaches the server", async (method, target, allow) => {
    const answer = await ask(method, target);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(allow);
    expect(answer.headers["content-security-policy"]).toBe("default-src 'self'; object-src 'none'");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.body).toBe("Method Not Allowed");
    expect(reached).toEqual([]);
  });

  it.each([
    ["GET", "/"],
    ["HEAD", "/projects/fieldnotes"],
    ["POST", "/projects/fieldnotes"],
    ["PROPFIND", "/sitemap.xml"],
    ["DELETE", "/api/contact"],
  ])("%s %s reaches the server, whose answer it is", async (method, target) => {
    reached.length = 0;
    const answer = await ask(method, target);
    expect(answer.status).toBe(200);
    expect(reached).toEqual([`${method} ${target}`]);
  });

  it("a request line that is malformed beyond its method is Node.js's own 400", async () => {
    const answer = await openRequest(server.port, ["G@T / HTTP/1.1", "Host: 127.0.0.1"]).answer;
    expect(answer.status).toBe(400);
  });

  it("answers only what the route does not allow", () => {
    expect(answeredAtTheDoor("OPTIONS", "/")).toBe(true);
    expect(answeredAtTheDoor("TRACE", "http://site.example/nl?x")).toBe(true);
    expect(answeredAtTheDoor("GET", "/")).toBe(false);
    expect(answeredAtTheDoor("PUT", "/")).toBe(false);
  });
});

describe("why the door is needed", () => {
  // When this fails, Next.js makes the proxy's request for TRACE itself: src/proxy.ts can answer it,
  // and the door's TRACE case (src/http/method-door.ts) can go.
  it("Next.js's NextRequest, which it makes for the proxy before the proxy's code runs, refuses TRACE", () => {
    expect(() => new NextRequest("http://127.0.0.1/projects/fieldnotes", { method: "TRACE" })).toThrow(/TRACE/);
  });
});
