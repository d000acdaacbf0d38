/**
 * The front a host puts before `next start`: HTTP/2 over TLS, forwarding each
 * request to the server behind it over HTTP/1.1 on loopback.
 *
 * Why the site bench measures through it: `next start` speaks only
 * HTTP/1.1, and under Lighthouse's simulation every stylesheet, font, image
 * or script that a page requests next to its HTML then opens a connection
 * of its own, paying a handshake over the simulated slow network. Vercel,
 * Netlify and any reverse proxy serve pages over HTTP/2 (or 3), where those
 * requests share the page's connection. Both sites, ours and the floor, go
 * through the same front in the same run; HTTP/1.1 is measured too and
 * reported beside the budget (site.bench.ts).
 *
 * The certificate is made for the run (selfsigned) and trusted by the
 * bench's Chromium through its public key (--ignore-certificate-errors-spki-list),
 * so the page is a secure one without certificate errors.
 */
import { createHash, createPublicKey } from "node:crypto";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

export interface Certificate {
  key: string;
  cert: string;
  /** base64 SHA-256 of the certificate's public key, as Chromium's --ignore-certificate-errors-spki-list wants it. */
  spkiHash: string;
}

export interface HttpsFront {
  url: string;
  close(): Promise<void>;
}

/** Connection-level headers HTTP/2 forbids (RFC 9113, 8.2.2), in either direction. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "http2-settings", "te"]);

export async function makeCertificate(): Promise<Certificate> {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    notAfterDate: new Date(Date.now() + 24 * 60 * 60 * 1000),
    keyType: "ec",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  const spki = createPublicKey(pems.cert).export({ type: "spki", format: "der" });
  return { key: pems.private, cert: pems.cert, spkiHash: createHash("sha256").update(spki).digest("base64") };
}

/** `headers` without HTTP/2's pseudo-headers (`:path`, …) and the hop-by-hop ones, to pass on in either direction. */
function forwardable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (!name.startsWith(":") && !HOP_BY_HOP.has(name) && value !== undefined) kept[name] = value;
  return kept;
}

/** An HTTP/2 TLS server on a free loopback port that hands every request to `target` (an http:// origin). */
export async function startHttpsFront(target: string, certificate: Certificate): Promise<HttpsFront> {
  const upstream = new URL(target);
  const server = http2.createSecureServer({ key: certificate.key, cert: certificate.cert });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  server.on("request", (request: http2.Http2ServerRequest, response: http2.Http2ServerResponse) => {
    const headers = { ...forwardable(request.headers), "x-forwarded-proto": "https", host: request.authority };
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(response);
      },
    );
    forwarded.on("error", (error) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end(`front: ${error.message}`);
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Chromium keeps its HTTP/2 sessions open; close() waits for them otherwise.
        for (const session of sessions) session.destroy();
      }),
  };
}
