/**
 * The site bench's HTTP/2 TLS front (bench/site/https-front.ts), spoken to
 * by Node's own HTTP/2 client trusting the run's certificate, as Chromium
 * does through its public key.
 */
import { createHash, createPublicKey, X509Certificate } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCertificate, startHttpsFront, type Certificate, type HttpsFront } from "../../../bench/site/https-front";

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

function get(front: HttpsFront, certificate: Certificate, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(front.url, { ca: certificate.cert });
    session.on("error", reject);
    const stream = session.request({ ":path": path, ...headers });
    let body = "";
    let answerHeaders: http2.IncomingHttpHeaders = {};
    stream.on("response", (received) => (answerHeaders = received));
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (body += chunk));
    stream.on("end", () => {
      session.close();
      resolve({ status: Number(answerHeaders[":status"]), headers: answerHeaders, body });
    });
    stream.on("error", reject);
  });
}

describe("the site bench's HTTPS front", () => {
  let certificate: Certificate;
  let upstream: http.Server;
  let front: HttpsFront;
  const seen: Array<{ url?: string; headers: IncomingHttpHeaders }> = [];

  beforeAll(async () => {
    certificate = await makeCertificate();
    upstream = http.createServer((request, response) => {
      seen.push({ url: request.url, headers: request.headers });
      response.writeHead(request.url === "/missing" ? 404 : 200, {
        "content-type": "text/html",
        "x-frame-options": "DENY",
        connection: "keep-alive",
        "keep-alive": "timeout=5",
      });
      response.end(`page ${request.url}`);
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    front = await startHttpsFront(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, certificate);
  });

  afterAll(async () => {
    await front.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it("makes a certificate for 127.0.0.1 whose public key hash is the one Chromium is told to trust", () => {
    const parsed = new X509Certificate(certificate.cert);
    expect(parsed.subjectAltName).toContain("IP Address:127.0.0.1");
    const spki = createPublicKey(certificate.cert).export({ type: "spki", format: "der" });
    expect(certificate.spkiHash).toBe(createHash("sha256").update(spki).digest("base64"));
    expect(certificate.spkiHash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it("serves the page behind it over HTTP/2, its status, headers and body as they came", async () => {
    expect(front.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const page = await get(front, certificate, "/projects/2024/atlas?x=1");
    expect(page.status).toBe(200);
    expect(page.body).toBe("page /projects/2024/atlas?x=1");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    // Connection-level headers are HTTP/1.1's own: HTTP/2 forbids them.
    expect(page.headers.connection).toBeUndefined();
    expect(page.headers["keep-alive"]).toBeUndefined();
    expect((await get(front, certificate, "/missing")).status).toBe(404);
  });

  it("tells the server behind it the page's host and that the visitor came over HTTPS", async () => {
    await get(front, certificate, "/host-check", { "accept-encoding": "gzip" });
    const request = seen.find((entry) => entry.url === "/host-check");
    expect(request?.headers.host).toBe(new URL(front.url).host);
    expect(request?.headers["x-forwarded-proto"]).toBe("https");
    expect(request?.headers["accept-encoding"]).toBe("gzip");
  });

  it("answers 502 with the reason when the server behind it is gone", async () => {
    const orphan = await startHttpsFront("http://127.0.0.1:9", certificate);
    try {
      const answer = await get(orphan, certificate, "/");
      expect(answer.status).toBe(502);
      expect(answer.body).toMatch(/^front: .*ECONNREFUSED/);
    } finally {
      await orphan.close();
    }
  });
});
