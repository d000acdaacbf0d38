/**
 * src/http/compression/compress-responses.ts on a real Node.js http.Server
 * (a subclass, so the rest of the process is left alone), asked over HTTP
 * as browsers ask: each coding decodes to the very body the server's
 * listener sent, with every header it set; a body that changes (ISR
 * regenerating a page) is never answered from the older body's copy; a
 * private answer is never kept; what must not be compressed goes out as it
 * came. When Node.js stops handing requests over through `emit`, or
 * ServerResponse stops writing through writeHead/write/end, this file
 * fails, not the site quietly. tests/e2e/compression.spec.ts holds the same
 * against `next start`.
 */
import { createHash } from "node:crypto";
import { Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installCompression } from "../../../src/http/compression/compress-responses";
import { compressNow, keptBodies } from "../../../src/http/compression/kept-bodies";
import { requestDecoded, type DecodedAnswer } from "../../support/decoded-request";

const SECURITY = { "Content-Security-Policy": "default-src 'self'", "X-Content-Type-Options": "nosniff" };
/** A page-sized body that compresses well, as HTML does. */
const pageBody = (version: string) =>
  `<!DOCTYPE html><html><body>${Array.from({ length: 400 }, (_, index) => `<p class="row">${version} paragraph ${index}</p>`).join("")}</body></html>`;

let page = pageBody("first");
const copies = keptBodies();

class CompressingServer extends Server {}
installCompression(CompressingServer.prototype, copies);

const routes: Record<string, (res: ServerResponse) => void> = {
  // As Next.js sends a cached page (generateEtags off): headers, then the body in one piece, the same string each time.
  "/page": (res) => {
    res.setHeader("Cache-Control", "s-maxage=60, stale-while-revalidate=31535940");
    res.writeHead(200, {
      ...SECURITY,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(page),
    });
    res.end(page);
  },
  // As a draft: never kept.
  "/draft": (res) => {
    res.writeHead(200, {
      ...SECURITY,
      "Content-Type": "text/html",
      "Cache-Control": "private, no-cache, no-store, max-age=0, must-revalidate",
    });
    res.end(pageBody("draft"));
  },
  // As a file is streamed: several writes, then the end.
  "/script.js": (res) => {
    res.setHeader("Content-Type", "application/javascript; charset=UTF-8");
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.write("const a = 1;\n".repeat(100));
    res.write(Buffer.from("const b = 2;\n".repeat(100)));
    res.end("export { a, b };\n");
  },
  // An answer that asked for chunked framing before its body was known.
  "/chunked": (res) => {
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Transfer-Encoding", "chunked");
    res.write(JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => index) }));
    res.end();
  },
  "/image.png": (res) => {
    res.writeHead(200, { ...SECURITY, "Content-Type": "image/png" });
    res.end(Buffer.alloc(4096, 7));
  },
  "/small": (res) => {
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end("Method Not Allowed");
  },
  "/range": (res) => {
    res.writeHead(206, { "Content-Type": "text/html", "Content-Range": "bytes 0-2047/9000" });
    res.end("a".repeat(2048));
  },
  "/encoded": (res) => {
    res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip", Vary: "Accept-Encoding" });
    res.end(gzipSync(pageBody("already")));
  },
  "/no-transform": (res) => {
    res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "public, max-age=60, no-transform" });
    res.end(pageBody("as is"));
  },
  "/varies": (res) => {
    res.writeHead(200, "Fine", { "Content-Type": "text/html", Vary: "Cookie", "Cache-Control": "public, max-age=60" });
    res.end(pageBody("varies"));
  },
  "/not-modified": (res) => {
    res.writeHead(304, { ETag: '"1"' });
    res.end();
  },
};

let server: CompressingServer;
let port: number;

beforeAll(async () => {
  server = new CompressingServer((req, res) => {
    const route = routes[req.url ?? ""];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function ask(path: string, acceptEncoding?: string, method = "GET"): Promise<DecodedAnswer> {
  return askWith(path, acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding }, method);
}

function askWith(path: string, headers: Record<string, string>, method = "GET"): Promise<DecodedAnswer> {
  return requestDecoded(`http://127.0.0.1:${port}${path}`, headers, method);
}

describe("answers compressed at the server's door", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    [undefined, undefined],
    ["identity", undefined],
  ])("Accept-Encoding %j: sent as %s, the same body, every header kept", async (acceptEncoding, coding) => {
    const answer = await ask("/page", acceptEncoding);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe(coding);
    expect(answer.body).toBe(page);
    expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["content-security-policy"]).toBe(SECURITY["Content-Security-Policy"]);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers.etag).toBe(`"${createHash("sha256").update(page).digest("base64url")}"`);
    if (coding) expect(answer.raw.length).toBeLessThan(page.length / 4);
  });

  it("sends a kept page's copy again, bettered off the main thread, and a regenerated page's own body, never the older copy", async () => {
    page = pageBody("kept");
    const first = await ask("/page", "br");
    expect(first.body).toBe(page);
    await copies.settled();
    const again = await ask("/page", "br");
    expect(again.body).toBe(page);
    // Smaller than the body compressed now: the copy made at the best level, kept and sent again.
    expect(again.raw.length).toBeLessThan(compressNow(Buffer.from(page), "br").length);
    // A page this size is answered at Brotli's best from the first request on: a first visitor's page fits the first round trip too.
    expect(first.raw.length).toBe(again.raw.length);

    page = pageBody("regenerated");
    for (const coding of ["br", "gzip"]) {
      const fresh = await ask("/page", coding);
      expect(fresh.body).toBe(page);
      expect(fresh.headers["content-encoding"]).toBe(coding);
    }
  });

  it("answers a GET naming the body's ETag 304, with the headers and without the body; a changed body 200", async () => {
    const tagged = await ask("/page", "br");
    const etag = tagged.headers.etag!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await askWith("/page", { "Accept-Encoding": "br", "If-None-Match": ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.raw.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["content-encoding"]).toBeUndefined();
      expect(again.headers["content-security-policy"]).toBe(SECURITY["Content-Security-Policy"]);
      expect(again.headers.vary).toBe("Accept-Encoding");
    }
    expect((await askWith("/page", { "Accept-Encoding": "br", "If-None-Match": '"other"' })).status).toBe(200);
    page = pageBody("changed again");
    const changed = await askWith("/page", { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toBe(page);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("tags no draft: it is never kept", async () => {
    expect((await ask("/draft", "br")).headers.etag).toBeUndefined();
  });

  it("compresses a draft for its request and keeps no copy of it", async () => {
    await copies.settled();
    const before = copies.keptBytes;
    const answer = await ask("/draft", "gzip, br");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body).toBe(pageBody("draft"));
    await copies.settled();
    expect(copies.keptBytes).toBe(before);
  });

  it("joins a body written in several pieces", async () => {
    const answer = await ask("/script.js", "gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.body).toBe(`${"const a = 1;\n".repeat(100)}${"const b = 2;\n".repeat(100)}export { a, b };\n`);
  });

  it("frames a body that asked for chunks by its length once compressed", async () => {
    const answer = await ask("/chunked", "gzip");
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
    expect(JSON.parse(answer.body)).toEqual({ items: Array.from({ length: 200 }, (_, index) => index) });
  });

  it("answers HEAD as before: no body, the headers, Vary, not encoded", async () => {
    const answer = await ask("/page", "br, gzip", "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.raw.length).toBe(0);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["content-security-policy"]).toBe(SECURITY["Content-Security-Policy"]);
  });

  it.each([
    ["/image.png", "not a text format", undefined, Buffer.alloc(4096, 7).toString()],
    ["/small", "under 1 KiB", "Accept-Encoding", "Method Not Allowed"],
    ["/range", "a range of a file", "Accept-Encoding", "a".repeat(2048)],
    ["/no-transform", "no-transform", undefined, pageBody("as is")],
  ])("%s (%s) goes out as it came", async (path, _why, vary, body) => {
    const answer = await ask(path, "br, gzip");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe(vary);
    expect(answer.raw.toString()).toBe(body);
  });

  it("leaves an answer already encoded alone", async () => {
    const answer = await ask("/encoded", "br, gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.body).toBe(pageBody("already"));
    expect(answer.headers.vary).toBe("Accept-Encoding");
  });

  it("adds Accept-Encoding to the answer's own Vary and keeps its reason phrase", async () => {
    const answer = await ask("/varies", "gzip");
    expect(answer.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(answer.statusMessage).toBe("Fine");
    expect(answer.body).toBe(pageBody("varies"));
  });

  it("passes a 304 on without a body", async () => {
    const answer = await ask("/not-modified", "br");
    expect(answer.status).toBe(304);
    expect(answer.raw.length).toBe(0);
    expect(answer.headers.etag).toBe('"1"');
  });
});

describe("kept bodies", () => {
  it("keeps no more bytes than its budget, the least recently used going first", async () => {
    const small = keptBodies(70_000);
    const bodies = ["a", "b", "c", "d"].map((letter) => pageBody(letter));
    for (const body of bodies) small.keep(body).copy("gzip");
    await small.settled();
    expect(small.keptBytes).toBeLessThanOrEqual(70_000);
    expect(small.keptBytes).toBeGreaterThan(0);
    // The newest is still kept: the same entry again, not a new one.
    expect(small.keep(bodies[3]!)).toBe(small.keep(bodies[3]!));
  });

  it("finds a body by its content, as text or bytes, and tags it with its SHA-256", () => {
    const store = keptBodies();
    const text = pageBody("either");
    const entry = store.keep(text);
    expect(store.keep(`${text}`)).toBe(entry);
    expect(entry.bytes.toString()).toBe(text);
    expect(entry.etag).toBe(`"${createHash("sha256").update(text).digest("base64url")}"`);
    expect(store.keep(Buffer.from(text)).etag).toBe(entry.etag);
    expect(store.keep(pageBody("other")).etag).not.toBe(entry.etag);
  });

  it("makes a page's first Brotli copy at the best level up to 64 KB, and betters a larger one's off the main thread", async () => {
    const store = keptBodies();
    // Rows that do not repeat, so each quality compresses them differently.
    const rows = (count: number) =>
      Array.from({ length: count }, (_, index) => `<p class="row">${createHash("sha256").update(String(index)).digest("hex")}</p>`).join(
        "",
      );
    const small = Buffer.from(rows(400));
    const large = Buffer.from(rows(1_200));
    expect(small.length).toBeLessThanOrEqual(64 * 1024);
    expect(large.length).toBeGreaterThan(64 * 1024);
    expect(large.length).toBeLessThanOrEqual(128 * 1024);
    const best = (body: Buffer) =>
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });

    const smallEntry = store.keep(small);
    expect(smallEntry.copy("br").equals(best(small))).toBe(true);
    const largeEntry = store.keep(large);
    const firstLarge = largeEntry.copy("br");
    expect(firstLarge.equals(best(large))).toBe(false);
    await store.settled();
    expect(largeEntry.copy("br").equals(best(large))).toBe(true);
  });

  it("decodes to its body, in either coding", () => {
    const entry = keptBodies().keep(pageBody("either"));
    expect(brotliDecompressSync(entry.copy("br")).equals(entry.bytes)).toBe(true);
    expect(gunzipSync(entry.copy("gzip")).equals(entry.bytes)).toBe(true);
  });
});
